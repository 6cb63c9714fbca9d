//! A lubdub profile as the JSON of a run holds it: its totals, the share of
//! thread time in each state, events per second and the verdict.

use serde::ser::{SerializeStruct, Serializer};

use lubdub::profile::{Event, Profile};
use lubdub::WorkerState;

/// Writes a profile into the JSON as its totals: the share of thread time in
/// each state, events per second, and the verdict.
pub fn serialize<S: Serializer>(profile: &Option<Profile>, s: S) -> Result<S::Ok, S::Error> {
    let Some(profile) = profile else {
        return s.serialize_none();
    };
    let total = profile.total();
    let seconds = profile.elapsed.as_secs_f64();
    let mut out = s.serialize_struct("Profile", 5)?;
    out.serialize_field("elapsed_s", &seconds)?;
    out.serialize_field(
        "fraction_in_state",
        &WorkerState::ALL.map(|state| (state.name(), total.fraction_in(state))),
    )?;
    out.serialize_field(
        "events_per_s",
        &Event::ALL.map(|event| (event.name(), per_second(total.count(event), seconds))),
    )?;
    out.serialize_field(
        "workers_fraction_working",
        &profile
            .workers
            .iter()
            .map(|w| w.fraction_in(WorkerState::Working))
            .collect::<Vec<_>>(),
    )?;
    out.serialize_field("verdict", &profile.verdict().to_string())?;
    out.end()
}

/// `count` events in `seconds` as a rate; 0 over no time.
pub fn per_second(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}
