//! The thread pools of the runtimes under comparison, for one thread count.
//!
//! Built once per experiment cell, outside every timed loop. Thread counts
//! mean the same for all: the number of threads that can run work. lubdub and
//! chili count the thread that calls in (`install`, `scope`) among them, as
//! OpenMP counts its master thread; Rayon's `install` parks the caller and
//! runs the work on the pool's own `threads` workers.

use std::ffi::{c_int, c_void};
use std::num::NonZeroUsize;
use std::ptr::NonNull;
use std::time::Duration;

use crate::error::Error;

/// How long the harness sleeps, uncharged, after the warm-up and after each
/// sample of an OpenMP contender whose workers spin after a region, before
/// the next contender runs ([`crate::harness::Contender::settles_for`],
/// [`Pools::settle`]).
///
/// libgomp's workers do not sleep when a parallel region ends: they
/// busy-wait `GOMP_SPINCOUNT` spins first, 300,000 when neither it nor
/// `OMP_WAIT_POLICY` is set, but 100 when the process has more OpenMP
/// threads than available CPUs (GCC's libgomp manual, `GOMP_SPINCOUNT`).
/// Measured on this 2-vCPU machine (AMD EPYC, GCC 12's libgomp) by
/// `tests::omp_spin_tail` below, over 40 to 200 regions of 2 threads (an
/// empty region, a `parallel for`): the worker burns a median of 4.4–4.6 ms
/// of CPU after the region returns (at most 8–13 ms), and stops burning a
/// median of 5–7 ms after it (p90 8.5–12 ms, p99 17–19 ms, the longer tails
/// when other processes took the cores). With `OMP_WAIT_POLICY=passive`
/// nothing burns; with `GOMP_SPINCOUNT=3000000` (10x) the worker still burns
/// at the end of the 40 ms watch: the spin count is the cause, at ~15 ns a
/// spin. Teams of 1 (no worker) and of 4 (throttled: more threads than CPUs)
/// leave nothing measurable behind.
///
/// 10 ms covers about twice the typical spin and the wall-clock end of most
/// of them; the rarer longer tails reach into a minority of the next
/// contender's samples, which the medians reported ignore. On this machine
/// `all` pauses only at two threads, some 370 times; about 230 of the pauses
/// lengthen the run (200 of them in call-in's fixed 200 rounds, 2.3 s in
/// all), the others come out of cells' time budgets.
pub const OMP_SETTLE: Duration = Duration::from_millis(10);

/// The CPUs libgomp counts as available: those in the process's affinity
/// mask, which it reads at start-up (not a cgroup quota, which
/// `std::thread::available_parallelism` also honours).
fn cpus_for_openmp() -> usize {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: an all-zero `cpu_set_t` is a valid, empty set.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: `set` is a valid, writable `cpu_set_t` of the size given;
        // pid 0 is the calling thread.
        let rc = unsafe { libc::sched_getaffinity(0, std::mem::size_of_val(&set), &mut set) };
        if rc == 0 {
            // SAFETY: `set` is an initialised `cpu_set_t`; CPU_COUNT only
            // reads it.
            let count = unsafe { libc::CPU_COUNT(&set) };
            return usize::try_from(count).map_or(1, |n| n.max(1));
        }
    }
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// The settle pause after a contender on a team of `threads` threads when
/// the machine has `cpus` CPUs: [`OMP_SETTLE`] for an OpenMP one whose
/// workers spin after each region, i.e. with 2 to `cpus` threads; none for
/// the others (a team of 1 has no worker, and a team larger than the CPUs
/// spins only 100 times).
fn settle_for(openmp: bool, threads: usize, cpus: usize) -> Duration {
    if openmp && (2..=cpus).contains(&threads) {
        OMP_SETTLE
    } else {
        Duration::ZERO
    }
}

/// One pool of each Rust runtime, all with the same thread count. (OpenMP's
/// team size is set per parallel region instead; see `c/`.)
pub struct Pools {
    /// The thread count every pool was built with.
    pub threads: usize,
    /// lubdub's pool, as a user gets it: profiling on, tracing off.
    pub lubdub: lubdub::ThreadPool,
    /// lubdub's pool with profiling off, to measure what profiling costs.
    pub lubdub_unprofiled: lubdub::ThreadPool,
    /// lubdub's pool with tracing on, to measure what tracing costs.
    pub lubdub_traced: lubdub::ThreadPool,
    /// Rayon's pool.
    pub rayon: rayon::ThreadPool,
    /// chili's pool.
    pub chili: chili::ThreadPool,
    /// lubdub's pool through its C library, for the C variants on it.
    pub c_lubdub: CPool,
}

impl Pools {
    /// Builds the pools with `threads` threads each.
    ///
    /// # Errors
    /// [`Error::Pool`] when a runtime refuses to build its pool.
    pub fn new(threads: NonZeroUsize) -> Result<Self, Error> {
        let pool_error = |runtime: &'static str, message: String| Error::Pool {
            runtime,
            threads: threads.get(),
            message,
        };
        let lubdub_pool = |builder: lubdub::ThreadPoolBuilder| {
            builder
                .num_threads(threads.get())
                .build()
                .map_err(|e| pool_error("lubdub", e.to_string()))
        };
        let lubdub = lubdub_pool(lubdub::ThreadPoolBuilder::new())?;
        let lubdub_unprofiled = lubdub_pool(lubdub::ThreadPoolBuilder::new().profiling(false))?;
        let lubdub_traced = lubdub_pool(lubdub::ThreadPoolBuilder::new().tracing(true))?;
        let rayon = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .build()
            .map_err(|e| pool_error("rayon", e.to_string()))?;
        let chili = chili::ThreadPool::with_config(chili::Config {
            thread_count: Some(threads),
            ..Default::default()
        });
        let c_lubdub = CPool::new(threads.get()).map_err(|e| pool_error("lubdub-c", e))?;
        Ok(Self {
            threads: threads.get(),
            lubdub,
            lubdub_unprofiled,
            lubdub_traced,
            rayon,
            chili,
            c_lubdub,
        })
    }

    /// The settle pause of a contender on these pools' thread count
    /// ([`crate::harness::Contender::settles_for`]): [`OMP_SETTLE`] for an
    /// OpenMP one whose team spins after each region (2 threads up to the
    /// CPUs libgomp sees), none otherwise.
    pub fn settle(&self, openmp: bool) -> Duration {
        settle_for(openmp, self.threads, cpus_for_openmp())
    }

    /// The thread count as OpenMP's `num_threads` clause takes it.
    pub fn omp_threads(&self) -> c_int {
        c_int::try_from(self.threads)
            .expect("thread counts are capped far below c_int::MAX by the CLI")
    }
}

/// A pool of lubdub's C library (`lubdub-c`), for the C variants that call
/// it: made and destroyed through the C API, as a C program does.
pub struct CPool(NonNull<lubdub_c::lubdub_pool>);

// SAFETY: the C library's pools may be called from any thread, by several
// at once (`lubdub-c/README.md`); the handle is only passed to it.
unsafe impl Send for CPool {}
// SAFETY: as for `Send`.
unsafe impl Sync for CPool {}

impl CPool {
    /// A pool of `threads` threads.
    ///
    /// # Errors
    /// The C library's message when it cannot start the pool.
    pub fn new(threads: usize) -> Result<Self, String> {
        let mut pool = std::ptr::null_mut();
        // SAFETY: a valid out pointer.
        let status = unsafe { lubdub_c::lubdub_pool_create(threads, &mut pool) };
        check_c(status)?;
        NonNull::new(pool)
            .map(CPool)
            .ok_or_else(|| "lubdub_pool_create gave NULL".to_owned())
    }

    /// The pool, as the C functions take it (`const lubdub_pool *`; Rust's
    /// `extern` blocks see it as `c_void`, the struct being opaque).
    pub fn as_c(&self) -> *const c_void {
        self.0.as_ptr().cast()
    }

    /// The Rust pool behind it, for the profiler.
    pub fn thread_pool(&self) -> &lubdub::ThreadPool {
        // SAFETY: the pool lives until `drop`.
        unsafe { self.0.as_ref() }.thread_pool()
    }
}

impl Drop for CPool {
    fn drop(&mut self) {
        // SAFETY: made by `lubdub_pool_create`, destroyed once, here, with
        // no call running on it (`&mut self`).
        let status = unsafe { lubdub_c::lubdub_pool_destroy(self.0.as_ptr()) };
        if let Err(message) = check_c(status) {
            eprintln!("{message}");
        }
    }
}

/// `Ok` for `LUBDUB_OK`, else the C library's message for the failed call
/// (made on this thread).
pub fn check_c(status: lubdub_c::lubdub_status) -> Result<(), String> {
    if status == lubdub_c::lubdub_status::LUBDUB_OK {
        return Ok(());
    }
    // SAFETY: the C library returns a valid C string that lives until its
    // next failing call on this thread; it is copied at once.
    let message = unsafe { std::ffi::CStr::from_ptr(lubdub_c::lubdub_last_error()) };
    Err(message.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    extern "C" {
        /// `c/micro.c`: an empty parallel region on a team of `threads`.
        fn lubdub_bench_empty_region_omp(threads: c_int) -> c_int;
        /// `c/loops.c`: a `parallel for` sum of squares.
        fn lubdub_bench_sum_squares_omp(x: *const u64, n: usize, threads: c_int) -> u64;
    }

    fn cpu_clock(clock: libc::clockid_t) -> Duration {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable `timespec` for the call.
        let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
        assert_eq!(rc, 0);
        Duration::new(ts.tv_sec.unsigned_abs(), ts.tv_nsec.try_into().unwrap_or(0))
    }

    /// The CPU time of every thread but the calling one.
    fn others_cpu() -> Duration {
        let process = cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID);
        process.saturating_sub(cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID))
    }

    /// After `region` returns, the calling thread sleeps in steps of 100 µs
    /// for `watch` and reads the CPU time of the other threads after each
    /// step. Returns (when the other threads last burned more than half a
    /// core over a step, their CPU time from the region's end to then).
    fn cpu_tail(mut region: impl FnMut(), watch: Duration) -> (Duration, Duration) {
        region();
        let (start, cpu0) = (Instant::now(), others_cpu());
        let (mut last, mut prev_wall, mut prev_cpu) = (Duration::ZERO, Duration::ZERO, cpu0);
        let mut burned = Duration::ZERO;
        while prev_wall < watch {
            std::thread::sleep(Duration::from_micros(100));
            let (wall, cpu) = (start.elapsed(), others_cpu());
            if cpu.saturating_sub(prev_cpu) * 2 > wall - prev_wall {
                last = wall;
                burned = cpu.saturating_sub(cpu0);
            }
            (prev_wall, prev_cpu) = (wall, cpu);
        }
        (last, burned)
    }

    fn report(label: &str, mut region: impl FnMut()) {
        let mut tails: Vec<(Duration, Duration)> = (0..40)
            .map(|_| {
                std::thread::sleep(Duration::from_millis(30));
                cpu_tail(&mut region, Duration::from_millis(40))
            })
            .collect();
        tails.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let (ends, cpus): (Vec<f64>, Vec<f64>) = tails.iter().map(|&(e, c)| (ms(e), ms(c))).unzip();
        let mut cpus_sorted = cpus.clone();
        cpus_sorted.sort_by(f64::total_cmp);
        let n = ends.len();
        eprintln!(
            "{label:<28} spin end ms: min {:.2} median {:.2} p90 {:.2} max {:.2} | CPU ms: median {:.2} max {:.2}",
            ends[0],
            ends[n / 2],
            ends[n * 9 / 10],
            ends[n - 1],
            cpus_sorted[n / 2],
            cpus_sorted[n - 1]
        );
    }

    #[test]
    fn only_openmp_teams_that_spin_settle() {
        assert_eq!(settle_for(true, 2, 2), OMP_SETTLE);
        assert_eq!(settle_for(true, 16, 16), OMP_SETTLE);
        assert_eq!(settle_for(true, 1, 2), Duration::ZERO);
        assert_eq!(settle_for(true, 4, 2), Duration::ZERO);
        assert_eq!(settle_for(false, 2, 2), Duration::ZERO);
        assert!(cpus_for_openmp() >= 1);
    }

    /// The experiment behind `OMP_SETTLE`: how long libgomp's threads burn
    /// CPU after a parallel region returns. Run it alone, in release mode:
    /// `cargo test --release -p lubdub-bench omp_spin_tail -- --ignored --nocapture --test-threads=1`
    /// (and again with `OMP_WAIT_POLICY=passive` as a control).
    #[test]
    #[ignore = "a measurement, not a check: prints how long threads spin after a region"]
    fn omp_spin_tail() {
        let x: Vec<u64> = (0..100_000).collect();
        for threads in [1, 2, 4] {
            report(&format!("omp empty region, {threads} thr"), || {
                // SAFETY: a plain function of an integer.
                let ran = unsafe { lubdub_bench_empty_region_omp(threads) };
                assert_eq!(ran, threads);
            });
            report(&format!("omp for 100k u64, {threads} thr"), || {
                // SAFETY: `x` is live for the call; C only reads it.
                std::hint::black_box(unsafe {
                    lubdub_bench_sum_squares_omp(x.as_ptr(), x.len(), threads)
                });
            });
        }
        for threads in [1, 2, 4] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            report(&format!("rayon install, {threads} thr"), || {
                use rayon::prelude::*;
                std::hint::black_box(pools.rayon.install(|| x.par_iter().sum::<u64>()));
            });
            report(&format!("lubdub install, {threads} thr"), || {
                use lubdub::prelude::*;
                std::hint::black_box(pools.lubdub.install(|| x.par_iter().sum::<u64>()));
            });
            report(&format!("chili scope join, {threads} thr"), || {
                let (a, b) = x.split_at(x.len() / 2);
                std::hint::black_box(
                    pools
                        .chili
                        .scope()
                        .join(|_| a.iter().sum::<u64>(), |_| b.iter().sum::<u64>()),
                );
            });
        }
    }
}
