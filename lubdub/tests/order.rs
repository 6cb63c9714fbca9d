//! The orders Rayon documents for a thread that nobody steals from: `spawn`
//! and `Scope::spawn` jobs run newest first, `spawn_fifo` and
//! `ScopeFifo::spawn_fifo` jobs oldest first, and mixtures interleave as a
//! stack of jobs and FIFO tokens does. Each property compares a one-thread
//! pool with [`Model`], a sequential simulation of that stack.

mod common;

use std::collections::VecDeque;
use std::sync::{mpsc, Mutex};

use proptest::prelude::*;

/// One seat's queue, simulated: a stack of plain jobs and of tokens that
/// each run the oldest job of one FIFO queue.
#[derive(Default)]
struct Model {
    stack: Vec<Token>,
    fifos: Vec<VecDeque<i32>>,
    unfinished: Vec<usize>,
    ran: Vec<i32>,
}

enum Token {
    Job(usize, i32),
    Fifo(usize),
}

impl Model {
    /// A scope (or the pool, for detached spawns) with its own FIFO queue.
    fn open(&mut self) -> usize {
        self.fifos.push(VecDeque::new());
        self.unfinished.push(0);
        self.fifos.len() - 1
    }

    fn spawn(&mut self, scope: usize, fifo: bool, label: i32) {
        self.unfinished[scope] += 1;
        if fifo {
            self.fifos[scope].push_back(label);
            self.stack.push(Token::Fifo(scope));
        } else {
            self.stack.push(Token::Job(scope, label));
        }
    }

    /// What the scope's owner does at its end: run the newest work until
    /// the scope's own jobs are done.
    fn close(&mut self, scope: usize) {
        while self.unfinished[scope] > 0 {
            let (scope, label) = match self.stack.pop().expect("jobs left") {
                Token::Job(scope, label) => (scope, label),
                Token::Fifo(scope) => (scope, self.fifos[scope].pop_front().unwrap()),
            };
            self.unfinished[scope] -= 1;
            self.ran.push(label);
        }
    }
}

fn one_thread_pool() -> lubdub::ThreadPool {
    common::pool(1, lubdub::DEFAULT_HEARTBEAT)
}

/// Detached spawns from inside the pool: `fifo[i]` says whether job `i`
/// went through `spawn_fifo`.
fn detached_order(pool: &lubdub::ThreadPool, fifo: &[bool]) -> Vec<i32> {
    let (tx, rx) = mpsc::channel();
    pool.install(|| {
        for (label, &fifo) in (0..).zip(fifo) {
            let tx = tx.clone();
            let job = move || tx.send(label).unwrap();
            if fifo {
                lubdub::spawn_fifo(job);
            } else {
                lubdub::spawn(job);
            }
        }
    });
    drop(tx);
    rx.iter().collect()
}

/// A step of a program with two nested scopes: spawn into the outer (`true`)
/// or the inner scope. The inner scope closes after all its steps; then
/// `after` more jobs go to the outer scope.
fn nested_order(
    pool: &lubdub::ThreadPool,
    outer_fifo: bool,
    inner_fifo: bool,
    steps: &[bool],
    after: usize,
) -> Vec<i32> {
    let record = Mutex::new(Vec::new());
    let ran = &record;
    let push = move |label: i32| move || ran.lock().unwrap().push(label);
    let labels = (0..)
        .zip(steps.iter().copied())
        .collect::<Vec<(i32, bool)>>();
    let tail = (steps.len() as i32..).take(after).collect::<Vec<i32>>();
    pool.install(|| {
        with_scope(outer_fifo, &|outer| {
            with_scope(inner_fifo, &|inner| {
                for &(label, to_outer) in &labels {
                    let target = if to_outer { outer } else { inner };
                    let job = push(label);
                    target.spawn(Box::new(job));
                }
            });
            for &label in &tail {
                outer.spawn(Box::new(push(label)));
            }
        });
    });
    record.into_inner().unwrap()
}

/// Either kind of scope, behind one spawn method.
trait AnyScope<'s>: Sync {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 's>);
}

impl<'s> AnyScope<'s> for lubdub::Scope<'s> {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 's>) {
        lubdub::Scope::spawn(self, move |_| job());
    }
}

impl<'s> AnyScope<'s> for lubdub::ScopeFifo<'s> {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 's>) {
        self.spawn_fifo(move |_| job());
    }
}

fn with_scope<'s>(fifo: bool, body: &(dyn Fn(&dyn AnyScope<'s>) + Sync)) {
    if fifo {
        lubdub::scope_fifo(|s| body(s));
    } else {
        lubdub::scope(|s| body(s));
    }
}

fn nested_model(outer_fifo: bool, inner_fifo: bool, steps: &[bool], after: usize) -> Vec<i32> {
    let mut model = Model::default();
    let (outer, inner) = (model.open(), model.open());
    for (label, &to_outer) in (0..).zip(steps) {
        let (scope, fifo) = if to_outer {
            (outer, outer_fifo)
        } else {
            (inner, inner_fifo)
        };
        model.spawn(scope, fifo, label);
    }
    model.close(inner);
    for label in (steps.len() as i32..).take(after) {
        model.spawn(outer, outer_fifo, label);
    }
    model.close(outer);
    model.ran
}

#[test]
fn detached_spawns_run_newest_first_and_fifo_spawns_oldest_first() {
    let pool = one_thread_pool();
    assert_eq!(detached_order(&pool, &[false; 6]), [5, 4, 3, 2, 1, 0]);
    assert_eq!(detached_order(&pool, &[true; 6]), [0, 1, 2, 3, 4, 5]);
    assert_eq!(detached_order(&pool, &[]), [] as [i32; 0]);
}

#[test]
fn scope_spawns_run_newest_first_and_fifo_scopes_oldest_first() {
    let pool = one_thread_pool();
    let order = |fifo| {
        let ran = Mutex::new(Vec::new());
        pool.install(|| {
            with_scope(fifo, &|s| {
                for label in 0..5 {
                    let ran = &ran;
                    s.spawn(Box::new(move || ran.lock().unwrap().push(label)));
                }
            })
        });
        ran.into_inner().unwrap()
    };
    assert_eq!(order(false), [4, 3, 2, 1, 0]);
    assert_eq!(order(true), [0, 1, 2, 3, 4]);
}

#[test]
fn jobs_spawned_by_jobs_follow_the_same_orders() {
    // Job i spawns jobs 10 * i + j: in a LIFO scope the last job's children
    // come first, in a FIFO scope all first-level jobs run before the second.
    let pool = one_thread_pool();
    let ran = Mutex::new(Vec::new());
    pool.install(|| {
        lubdub::scope_fifo(|s| {
            for i in 1..4 {
                let ran = &ran;
                s.spawn_fifo(move |s| {
                    ran.lock().unwrap().push(i);
                    for j in 0..2 {
                        s.spawn_fifo(move |_| ran.lock().unwrap().push(10 * i + j));
                    }
                });
            }
        })
    });
    assert_eq!(ran.into_inner().unwrap(), [1, 2, 3, 10, 11, 20, 21, 30, 31]);
    let ran = Mutex::new(Vec::new());
    pool.install(|| {
        lubdub::scope(|s| {
            for i in 1..4 {
                let ran = &ran;
                s.spawn(move |s| {
                    ran.lock().unwrap().push(i);
                    for j in 0..2 {
                        s.spawn(move |_| ran.lock().unwrap().push(10 * i + j));
                    }
                });
            }
        })
    });
    assert_eq!(ran.into_inner().unwrap(), [3, 31, 30, 2, 21, 20, 1, 11, 10]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 64 }))]

    #[test]
    fn mixed_detached_spawns_match_the_model(fifo in prop::collection::vec(any::<bool>(), 0..12)) {
        let pool = one_thread_pool();
        let mut model = Model::default();
        let pool_queue = model.open();
        for (label, &fifo) in (0..).zip(&fifo) {
            model.spawn(pool_queue, fifo, label);
        }
        model.close(pool_queue);
        prop_assert_eq!(detached_order(&pool, &fifo), model.ran);
    }

    #[test]
    fn nested_scopes_of_either_kind_match_the_model(
        outer_fifo in any::<bool>(),
        inner_fifo in any::<bool>(),
        steps in prop::collection::vec(any::<bool>(), 0..10),
        after in 0..3usize,
    ) {
        let pool = one_thread_pool();
        prop_assert_eq!(
            nested_order(&pool, outer_fifo, inner_fifo, &steps, after),
            nested_model(outer_fifo, inner_fifo, &steps, after)
        );
    }
}
