//! What the strength examples share: timing an agent's decisions and 95 % intervals.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mahjong_core::agent::{Agent, Observed};

/// Decision times: wall time, and the deciding thread's CPU time.
pub(crate) type Times = Arc<Mutex<Vec<(Duration, Duration)>>>;

/// An agent whose decisions are timed: wall time, and the thread's CPU time (Linux's
/// `/proc/thread-self/schedstat`; zero where it cannot be read), so that a busy machine
/// shows as the difference.
pub(crate) struct Timed<O> {
    pub(crate) agent: Box<dyn Agent<O>>,
    pub(crate) times: Times,
}

/// The calling thread's CPU time so far.
fn cpu_time() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

impl<O: Observed> Agent<O> for Timed<O> {
    fn act(&mut self, view: &O) -> Option<O::Action> {
        let (start, cpu) = (Instant::now(), cpu_time());
        let action = self.agent.act(view);
        let spent = (start.elapsed(), cpu_time().saturating_sub(cpu));
        self.times.lock().expect("times").push(spent);
        action
    }

    fn name(&self) -> &'static str {
        self.agent.name()
    }
}

/// `seats` (one letter per seat, three or four) and its other rotations, so that every agent
/// sits in every seat.
pub(crate) fn rotations(seats: &[char]) -> Vec<Vec<char>> {
    let n = seats.len();
    (0..n)
        .map(|r| (0..n).map(|s| seats[(s + n - r) % n]).collect())
        .collect()
}

/// The mean of `values` and the half width of its 95 % interval (1.96 standard errors).
pub(crate) fn interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Prints the median, 90th and 99th percentiles and maximum of decision times, in wall time
/// and in CPU time.
pub(crate) fn print_times(times: &[(Duration, Duration)]) {
    let mut wall: Vec<Duration> = times.iter().map(|t| t.0).collect();
    let mut cpu: Vec<Duration> = times.iter().map(|t| t.1).collect();
    wall.sort_unstable();
    cpu.sort_unstable();
    for (what, times) in [("wall", &wall), ("cpu", &cpu)] {
        if times.is_empty() {
            continue;
        }
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
        println!(
            "{} decisions, {what} time: median {:.1} ms, 90th {:.1} ms, 99th {:.1} ms, max {:.1} ms",
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
}
