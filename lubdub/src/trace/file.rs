//! Trace files shared by pools: each pool that traces to a path leaves its
//! latest [`Trace`] here, and the file is rewritten with every pool's.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{chrome, Trace};

/// The most events one file keeps. Beyond it the oldest pools' traces are
/// left out (and counted in the file), so that a long process that builds
/// many traced pools keeps a bounded amount of memory and a file that
/// Perfetto still opens (about 100 bytes of JSON per event).
const MAX_EVENTS_PER_FILE: usize = 1 << 20;

/// What a file holds: the latest trace of each pool, oldest pool first.
#[derive(Default)]
struct TraceFile {
    pools: Vec<Trace>,
    dropped_pools: u64,
}

static FILES: Mutex<BTreeMap<PathBuf, TraceFile>> = Mutex::new(BTreeMap::new());

/// Puts `trace` in the file at `path` (replacing the same pool's earlier
/// trace there) and rewrites the file. It is written beside the target and
/// renamed over it, so a reader never sees half a file.
///
/// # Errors
/// When the file cannot be written; the message names it.
pub(crate) fn write_to_file(path: &Path, trace: Trace) -> io::Result<()> {
    let mut files = FILES.lock().unwrap_or_else(|p| p.into_inner());
    let file = files.entry(path.to_path_buf()).or_default();
    let pool = trace.pool;
    match file.pools.iter_mut().find(|t| t.pool == pool) {
        Some(earlier) => *earlier = trace,
        None => file.pools.push(trace),
    }
    let events = |t: &Trace| t.workers.iter().map(|w| w.events.len()).sum::<usize>();
    while file.pools.len() > 1 && file.pools.iter().map(events).sum::<usize>() > MAX_EVENTS_PER_FILE
    {
        let oldest = file.pools.iter().position(|t| t.pool != pool).unwrap_or(0);
        file.pools.remove(oldest);
        file.dropped_pools += 1;
    }
    let pools: Vec<&Trace> = file.pools.iter().collect();
    let mut temporary = OsString::from(path.as_os_str());
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    File::create(&temporary)
        .and_then(|out| chrome::write(&pools, file.dropped_pools, out))
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|error| {
            let _ = std::fs::remove_file(&temporary);
            io::Error::new(
                error.kind(),
                format!(
                    "lubdub: cannot write the trace file {}: {error}",
                    path.display()
                ),
            )
        })
}
