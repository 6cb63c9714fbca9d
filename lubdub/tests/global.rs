//! `build_global` sets the global pool once; a second call is a typed error.
//! (Its own test binary: the global pool is process-wide state.)

#[test]
fn build_global_once_then_a_clear_error() {
    lubdub::ThreadPoolBuilder::new()
        .num_threads(3)
        .build_global()
        .expect("first build_global");
    assert_eq!(lubdub::current_num_threads(), 3);
    assert_eq!(lubdub::join(|| 1, || 2), (1, 2));
    let error = lubdub::ThreadPoolBuilder::new()
        .num_threads(2)
        .build_global()
        .unwrap_err();
    assert!(matches!(
        error.kind(),
        lubdub::ErrorKind::GlobalPoolAlreadyInitialized
    ));
    // Word for word Rayon's message: programs written for Rayon compare it.
    assert_eq!(
        error.to_string(),
        "The global thread pool has already been initialized."
    );
    assert_eq!(lubdub::current_num_threads(), 3, "the first pool stays");
    assert_eq!(lubdub::profile().workers.len(), 3);
}
