//! The tests of the harness: interleaving, settle pauses, budgets,
//! calibration, clocks and profiles.

use std::cell::RefCell;

use super::*;
use crate::check::expect_eq;

fn plan(rounds: usize) -> Plan {
    Plan::fixed(3, rounds)
}

/// A contender that logs its name on every call and charges 1 µs per rep.
fn logging<'a>(name: &'static str, log: &'a RefCell<Vec<&'static str>>) -> Contender<'a> {
    Contender::self_timed(name, move |reps| {
        log.borrow_mut().push(name);
        Ok(Duration::from_micros(reps))
    })
}

#[test]
fn samples_are_interleaved_round_robin() {
    let log = RefCell::new(Vec::new());
    let mut contenders = vec![logging("a", &log), logging("b", &log), logging("c", &log)];
    let measured = measure("cell", &mut contenders, &plan(4)).unwrap();
    // One warm-up call each (warm-up of zero length), then 4 rounds.
    let expected: Vec<&str> = ["a", "b", "c"].repeat(5);
    assert_eq!(*log.borrow(), expected);
    for (m, name) in measured.iter().zip(["a", "b", "c"]) {
        assert_eq!(m.variant, name);
        assert_eq!(m.reps_per_sample, 3);
        assert_eq!(m.ns_per_rep, vec![1000.0; 4]);
    }
}

#[test]
fn settle_pauses_follow_the_marked_contender_only_and_are_not_charged() {
    let log = RefCell::new(Vec::new());
    let settle = Duration::from_millis(7);
    let mut contenders = vec![
        logging("a", &log),
        logging("omp", &log).settles_for(settle),
        logging("b", &log),
    ];
    let mut pause = |d: Duration| {
        assert_eq!(d, settle);
        log.borrow_mut().push("pause");
    };
    let measured = measure_with("cell", &mut contenders, &plan(3), &mut pause).unwrap();
    // After the warm-up of "omp" and after each of its samples, the last
    // one included (it protects whatever runs next), and nowhere else.
    let expected: Vec<&str> = ["a", "omp", "pause", "b"].repeat(4);
    assert_eq!(*log.borrow(), expected);
    // Every sample is charged what its contender reported, nothing more.
    for m in &measured {
        assert_eq!(m.ns_per_rep, vec![1000.0; 3], "{}", m.variant);
    }
}

#[test]
fn settle_pauses_sleep_between_samples_and_count_against_the_budget() {
    let settle = Duration::from_millis(40);
    let mut contenders = vec![
        Contender::timed("spinner", |_| Ok(())).settles_for(settle),
        Contender::timed("next", |_| Ok(())),
    ];
    let p = Plan {
        budget: Duration::from_millis(100),
        min_rounds: 1,
        max_rounds: 10_000,
        ..plan(0)
    };
    let start = Instant::now();
    let measured = measure("cell", &mut contenders, &p).unwrap();
    let elapsed = start.elapsed();
    let rounds = measured[0].ns_per_rep.len();
    // Each round sleeps 40 ms: after 3 the 100 ms budget is spent (a
    // budget that left the pauses out would take thousands of rounds).
    assert!((1..=3).contains(&rounds), "{rounds} rounds");
    // One pause after the warm-up and one after each sample happened...
    assert!(elapsed >= settle * (1 + rounds as u32), "{elapsed:?}");
    // ...and none of them is in any sample: these samples do nothing.
    for m in &measured {
        for &ns in &m.ns_per_rep {
            assert!(ns * 3.0 < settle.as_nanos() as f64 / 2.0, "{ns} ns/rep");
        }
    }
}

#[test]
fn min_rounds_are_taken_even_with_no_budget_and_max_rounds_cap_them() {
    let log = RefCell::new(Vec::new());
    let mut contenders = vec![logging("x", &log)];
    let p = Plan {
        budget: Duration::from_secs(3600),
        min_rounds: 2,
        max_rounds: 7,
        ..plan(0)
    };
    let measured = measure("cell", &mut contenders, &p).unwrap();
    assert_eq!(measured[0].ns_per_rep.len(), 7);
    let p = Plan {
        budget: Duration::ZERO,
        min_rounds: 2,
        max_rounds: 7,
        ..plan(0)
    };
    assert_eq!(
        measure("cell", &mut contenders, &p).unwrap()[0]
            .ns_per_rep
            .len(),
        2
    );
}

#[test]
fn a_wrong_answer_in_a_sample_fails_the_cell() {
    let calls = RefCell::new(0);
    let mut contenders = vec![
        Contender::self_timed("right", |_| Ok(Duration::from_nanos(1))),
        Contender::self_timed("wrong", |_| {
            *calls.borrow_mut() += 1;
            // Right during warm-up and the first round, wrong from then on.
            let got = if *calls.borrow() <= 2 { 6 } else { 5 };
            expect_eq(got, 6)?;
            Ok(Duration::from_nanos(1))
        }),
    ];
    let err = measure("treesum n=3 threads=2", &mut contenders, &plan(5)).unwrap_err();
    assert_eq!(err.variant, "wrong");
    assert_eq!(err.cell, "treesum n=3 threads=2");
    assert_eq!(
        err.mismatch,
        Mismatch {
            got: 5,
            expected: 6
        }
    );
    assert_eq!(*calls.borrow(), 3);
}

#[test]
fn a_wrong_answer_during_warm_up_fails_too() {
    let mut contenders = vec![Contender::timed("bad", |_| expect_eq(0, 1))];
    assert!(measure("cell", &mut contenders, &plan(1)).is_err());
}

#[test]
fn calibration_grows_reps_until_a_sample_is_long_enough() {
    // Charges 10 µs per rep: a 1 ms sample needs at least 100 reps.
    let mut contenders = vec![Contender::self_timed("ten-us", |reps| {
        Ok(Duration::from_micros(10 * reps))
    })];
    let p = Plan {
        reps: Reps::AtLeast(Duration::from_millis(1)),
        ..plan(1)
    };
    let reps = measure("cell", &mut contenders, &p).unwrap()[0].reps_per_sample;
    assert!((100..=220).contains(&reps), "{reps}");
}

#[test]
fn grow_reps_is_proportional_within_bounds() {
    let target = Duration::from_micros(50);
    // 1 rep took 1 µs: 55 reps (50 with 10% to spare).
    assert_eq!(grow_reps(1, Duration::from_micros(1), target), 55);
    // Nearly long enough: still at least doubles.
    assert_eq!(grow_reps(4, Duration::from_micros(49), target), 8);
    // A zero reading grows a hundredfold, not without bound.
    assert_eq!(grow_reps(3, Duration::ZERO, target), 300);
}

#[test]
fn timed_contenders_report_wall_time() {
    let mut contenders = vec![Contender::timed("sleepy", |_| {
        std::thread::sleep(Duration::from_millis(2));
        Ok(())
    })];
    let p = Plan {
        reps: Reps::Fixed(1),
        ..plan(1)
    };
    let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
    assert!(ns >= 2e6, "{ns}");
}

#[test]
fn a_stopwatch_contender_is_charged_only_for_its_timed_parts() {
    let mut contenders = vec![Contender::with_stopwatch("setup-heavy", None, |sw| {
        std::thread::sleep(Duration::from_millis(20));
        sw.time(|| std::thread::sleep(Duration::from_millis(1)));
        Ok(())
    })];
    let p = Plan {
        reps: Reps::Fixed(2),
        ..plan(1)
    };
    let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
    assert!((1e6..15e6).contains(&ns), "{ns}");
}

#[test]
fn a_cpu_stopwatch_charges_cpu_not_sleep() {
    let mut contenders = vec![Contender::with_stopwatch_on(
        Clock::ProcessCpu,
        "sleepy",
        None,
        |sw| {
            sw.time(|| std::thread::sleep(Duration::from_millis(30)));
            Ok(())
        },
    )];
    let p = Plan {
        reps: Reps::Fixed(1),
        ..plan(1)
    };
    let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
    assert!(ns < 15e6, "{ns}");
    let before = process_cpu_time();
    spin(Duration::from_millis(20));
    assert!(process_cpu_time() > before);
}

/// Spins on the calling thread for `time`.
fn spin(time: Duration) {
    let start = Instant::now();
    while start.elapsed() < time {
        std::hint::spin_loop();
    }
}

#[test]
fn profiles_cover_whole_samples_or_only_the_timed_parts() {
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let busy = Duration::from_millis(2);
    let mut contenders = vec![
        Contender::timed("whole", |_| {
            std::thread::sleep(Duration::from_millis(20));
            pool.install(|| spin(busy));
            Ok(())
        })
        .profiled_by(Some(&pool)),
        Contender::with_stopwatch("parts", Some(&pool), |sw| {
            std::thread::sleep(Duration::from_millis(20));
            sw.time(|| pool.install(|| spin(busy)));
            Ok(())
        }),
        Contender::timed("unprofiled", |_| Ok(())),
    ];
    let p = Plan {
        reps: Reps::Fixed(1),
        ..plan(2)
    };
    let measured = measure("cell", &mut contenders, &p).unwrap();
    let whole = measured[0].profile.as_ref().unwrap();
    let parts = measured[1].profile.as_ref().unwrap();
    assert!(measured[2].profile.is_none());
    // Two samples each: the whole samples include the 20 ms sleeps, the
    // timed parts do not (no absolute bound on the parts: on a loaded
    // machine a 2 ms spin may take far longer in wall time).
    assert!(whole.elapsed >= Duration::from_millis(40), "{whole}");
    assert!(parts.elapsed < whole.elapsed, "{parts}");
    let working = |p: &lubdub::Profile| p.total().time_in(lubdub::WorkerState::Working);
    assert!(working(whole) >= 2 * busy && working(parts) >= 2 * busy);
    assert!(
        working(parts).as_secs_f64() > 0.5 * parts.elapsed.as_secs_f64(),
        "{parts}"
    );
}
