//! Running a program as several ranks without typing `mpiexec`: the test
//! binaries and `lubdub-bench mpi` start themselves again under
//! `mpiexec -n <ranks>` when no MPI launcher started them.

use std::ffi::OsStr;
use std::io;
use std::process::{Command, ExitStatus};

/// The environment variable that names the launcher (default `mpiexec`),
/// for a cluster's own (`srun`, `mpirun` with options) or another MPI's.
///
/// ```
/// std::env::set_var(lubdub_mpi::launch::MPIEXEC_ENV, "mpirun --bind-to socket");
/// let command = lubdub_mpi::launch::command_for(4, "./simulate", ["--steps=9"]);
/// assert_eq!(command.get_program(), "mpirun");
/// assert_eq!(command.get_args().take(3).collect::<Vec<_>>(), ["--bind-to", "socket", "-n"]);
/// ```
pub const MPIEXEC_ENV: &str = "LUBDUB_MPIEXEC";

/// Variables that MPI launchers set in the processes they start: MPICH's
/// Hydra and Slurm's PMI (`PMI_RANK`), PMIx (`PMIX_RANK`), Open MPI
/// (`OMPI_COMM_WORLD_SIZE`).
const LAUNCHER_VARIABLES: [&str; 3] = ["PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_SIZE"];

/// Whether an MPI launcher (`mpiexec`, `srun`) started this process.
///
/// ```
/// // Doctests run without a launcher, each as a world of one rank.
/// assert!(!lubdub_mpi::launch::launched_by_mpiexec());
/// ```
pub fn launched_by_mpiexec() -> bool {
    LAUNCHER_VARIABLES
        .iter()
        .any(|name| std::env::var_os(name).is_some())
}

/// The command that runs this program again as `ranks` ranks, with the same
/// arguments: `mpiexec -n <ranks> <this program> <its arguments>`, where
/// `mpiexec` is [`MPIEXEC_ENV`]'s value if set. For Open MPI (which refuses
/// root and more ranks than cores unless told) it adds what a container
/// or a small machine needs.
///
/// ```
/// let command = lubdub_mpi::launch::command(2).unwrap();
/// let args: Vec<_> = command.get_args().collect();
/// assert_eq!(args[..2], ["-n", "2"]);
/// ```
pub fn command(ranks: u32) -> io::Result<Command> {
    Ok(command_for(
        ranks,
        std::env::current_exe()?,
        std::env::args_os().skip(1),
    ))
}

/// The command that runs `program` with `args` as `ranks` ranks:
/// [`command`] for another program or other arguments.
///
/// ```
/// let command = lubdub_mpi::launch::command_for(3, "./simulate", ["--steps", "10"]);
/// let args: Vec<_> = command.get_args().collect();
/// assert_eq!(args[..2], ["-n", "3"]);
/// assert_eq!(args[args.len() - 3..], ["./simulate", "--steps", "10"]);
/// ```
pub fn command_for<P, I, A>(ranks: u32, program: P, args: I) -> Command
where
    P: AsRef<OsStr>,
    I: IntoIterator<Item = A>,
    A: AsRef<OsStr>,
{
    let launcher = std::env::var(MPIEXEC_ENV).unwrap_or_else(|_| "mpiexec".to_owned());
    let mut words = launcher.split_whitespace();
    let mpiexec = words.next().unwrap_or("mpiexec");
    let mut command = Command::new(mpiexec);
    command.args(words).arg("-n").arg(ranks.to_string());
    if is_open_mpi(mpiexec) {
        command
            .arg("--oversubscribe")
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    }
    command.arg(program).args(args);
    command
}

/// Runs this program again as `ranks` ranks ([`command`]) unless an MPI
/// launcher started it: `Some(status)` of that run, which the caller
/// should exit with; `None` when this process is one of the ranks already.
///
/// ```no_run
/// if let Some(status) = lubdub_mpi::launch::relaunch(2).unwrap() {
///     std::process::exit(status.code().unwrap_or(1));
/// }
/// let mpi = lubdub_mpi::init().unwrap(); // one of two ranks
/// ```
pub fn relaunch(ranks: u32) -> io::Result<Option<ExitStatus>> {
    if launched_by_mpiexec() {
        return Ok(None);
    }
    command(ranks)?.status().map(Some)
}

/// Whether `program --version` says Open MPI.
fn is_open_mpi(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .map(|output| String::from_utf8_lossy(&output.stdout).contains("Open MPI"))
        .unwrap_or(false)
}
