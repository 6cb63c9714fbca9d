//! `LUBDUB_TRACE`: every pool traces to the file it names, each as its own
//! process in one Chrome trace. Alone in its binary, since it sets the
//! environment.

#[test]
#[cfg_attr(miri, ignore = "Miri's isolation forbids files")]
fn pools_share_the_file_named_by_lubdub_trace() {
    let path = std::env::temp_dir().join(format!("lubdub-env-trace-{}.json", std::process::id()));
    std::env::set_var(lubdub::TRACE_ENV, &path);
    // One pool is shut down, which writes before it returns.
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| lubdub::join(|| (), || ()));
    assert!(
        pool.trace().workers.iter().any(|w| !w.events.is_empty()),
        "LUBDUB_TRACE turns tracing on"
    );
    pool.shutdown();
    // The other is dropped; its last thread writes as it exits. Its threads
    // are the test's own, so joining them waits for that.
    let mut threads = Vec::new();
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(2)
        .spawn_handler(|thread| {
            threads.push(std::thread::spawn(move || thread.run()));
            Ok(())
        })
        .build()
        .unwrap();
    pool.install(|| lubdub::join(|| (), || ()));
    drop(pool);
    for thread in threads {
        thread.join().unwrap();
    }
    // The global pool writes on request.
    lubdub::join(|| (), || ());
    lubdub::flush_trace().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect("the trace is JSON");
    std::fs::remove_file(&path).unwrap();
    let processes = json["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == "process_name")
        .count();
    assert_eq!(processes, 3, "two pools and the global pool");
}
