//! lubdub's own account of its samples: for each cell, where the lubdub
//! pool's time went while its variants ran ([`lubdub::Profile`], taken by the
//! harness around each sample), as a table beside the timings, in the JSON,
//! and as the verdict lubdub gives.

use lubdub::profile::Event;
use lubdub::WorkerState;

use crate::format::fmt_num;
use crate::profile_json::per_second;
use crate::report::Cell;
use crate::table::Table;

/// One row per profiled variant of each cell: the share of thread time per
/// state, steals and promotions per second, and the verdict. `None` when no
/// cell has a profile.
pub fn table(cells: &[Cell]) -> Option<Table> {
    let rows: Vec<Vec<String>> = cells
        .iter()
        .flat_map(|cell| {
            cell.results.iter().filter_map(move |r| {
                let profile = r.profile.as_ref()?;
                let total = profile.total();
                let seconds = profile.elapsed.as_secs_f64();
                let mut row = vec![cell.heading(), cell.threads.to_string(), r.variant.clone()];
                row.extend(
                    WorkerState::ALL
                        .map(|state| format!("{:.1}%", 100.0 * total.fraction_in(state))),
                );
                row.extend(
                    [Event::Steal, Event::Promotion]
                        .map(|event| fmt_num(per_second(total.count(event), seconds))),
                );
                row.push(profile.verdict().to_string());
                Some(row)
            })
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    let mut header = vec![
        "experiment".to_owned(),
        "threads".to_owned(),
        "variant".to_owned(),
    ];
    header.extend(WorkerState::ALL.map(|state| state.name().to_owned()));
    header.extend([
        "steals/s".to_owned(),
        "promotions/s".to_owned(),
        "verdict".to_owned(),
    ]);
    Some(Table {
        title: "Where lubdub's time went during its samples (lubdub's profiler: share of all \
                workers' time in each state, events per second, verdict)"
            .to_owned(),
        header,
        rows,
        notes: Vec::new(),
    })
}

/// The cell of `group` (one experiment and size) worth showing in detail:
/// the one whose thread count is the machine's core count, or the nearest
/// below it, or else the smallest.
pub fn representative<'c>(group: &[&'c Cell]) -> Option<&'c Cell> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    group
        .iter()
        .filter(|cell| cell.threads <= cores)
        .max_by_key(|cell| cell.threads)
        .or_else(|| group.iter().min_by_key(|cell| cell.threads))
        .copied()
}

/// The per-worker profile tables worth printing in full: those of the
/// [`representative`] cell of each experiment and size.
pub fn detailed(cells: &[Cell]) -> Vec<String> {
    crate::table::groups(cells)
        .iter()
        .filter_map(|group| representative(group))
        .flat_map(|cell| {
            cell.results.iter().filter_map(move |r| {
                let profile = r.profile.as_ref()?;
                Some(format!(
                    "{}, {} threads, {}:\n{profile}\n",
                    cell.heading(),
                    cell.threads,
                    r.variant
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::examples::TREESUM;
    use crate::harness::Measurement;
    use lubdub::profile::Profile;

    fn cell_with_profile(profile: Option<Profile>) -> Cell {
        let measurement = |variant: &str, profile| Measurement {
            variant: variant.to_owned(),
            reps_per_sample: 1,
            ns_per_rep: vec![1.0],
            profile,
            trace: None,
        };
        Cell::new(
            TREESUM,
            1023,
            2,
            1.0,
            vec![
                measurement("baseline", None),
                measurement("lubdub", profile),
            ],
        )
    }

    fn some_profile() -> Profile {
        let pool = lubdub::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let before = pool.profile();
        pool.install(|| lubdub::join(|| (), || ()));
        pool.profile().since(&before)
    }

    #[test]
    fn profiled_results_get_a_row_and_others_none() {
        assert!(table(&[cell_with_profile(None)]).is_none());
        let table = table(&[cell_with_profile(Some(some_profile()))]).unwrap();
        assert_eq!(table.rows.len(), 1);
        assert_eq!(table.rows[0][2], "lubdub");
        assert_eq!(table.rows[0].len(), table.header.len());
        assert!(table.rows[0][3].ends_with('%'));
    }

    #[test]
    fn the_json_holds_shares_rates_and_the_verdict() {
        let cell = cell_with_profile(Some(some_profile()));
        let json = serde_json::to_value(&cell).unwrap();
        let profile = &json["results"][1]["profile"];
        assert!(profile["elapsed_s"].as_f64().unwrap() > 0.0);
        assert_eq!(profile["fraction_in_state"][0][0], "working");
        assert_eq!(
            profile["events_per_s"].as_array().unwrap().len(),
            Event::COUNT
        );
        assert_eq!(
            profile["workers_fraction_working"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
        assert!(profile["verdict"].is_string());
        assert!(json["results"][0]["profile"].is_null());
    }

    #[test]
    fn the_detailed_profile_is_the_cell_at_the_core_count_or_below() {
        let cells = [cell_with_profile(Some(some_profile()))];
        let detailed = detailed(&cells);
        assert_eq!(detailed.len(), 1);
        assert!(detailed[0].contains("verdict:"), "{}", detailed[0]);
    }
}
