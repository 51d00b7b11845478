//! Statistics for `judge bench`: small pure functions over samples, no units and no I/O.

/// The smallest, middle and largest of some samples.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

/// The spread of `samples`, `None` when there are none.
pub fn spread(samples: &[f64]) -> Option<Spread> {
    Some(Spread {
        min: samples.iter().copied().reduce(f64::min)?,
        median: median(samples)?,
        max: samples.iter().copied().reduce(f64::max)?,
    })
}

/// The middle sample; of an even count, the mean of the two middle ones. `None` when there are none.
pub fn median(samples: &[f64]) -> Option<f64> {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    }
}

/// `b / a`, each raised to at least `floor` first: two times below the clock's grain compare as equal
/// instead of as 0/0 or as a huge ratio of noise.
pub fn ratio(b: f64, a: f64, floor: f64) -> f64 {
    debug_assert!(floor > 0.0, "a floor of 0 would divide by 0");
    b.max(floor) / a.max(floor)
}

/// The geometric mean, the fair average of ratios (2× and 0.5× average to 1×); `None` when there are
/// no values or one is not a positive finite number.
pub fn geometric_mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() || !values.iter().all(|v| v.is_finite() && *v > 0.0) {
        return None;
    }
    let mean_log = values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64;
    Some(mean_log.exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[7.0]), Some(7.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn a_spread_is_ordered_whatever_the_order_of_the_samples() {
        let s = spread(&[5.0, 1.0, 9.0, 2.0]).expect("samples");
        assert_eq!((s.min, s.median, s.max), (1.0, 3.5, 9.0));
        assert_eq!(spread(&[]), None);
    }

    #[test]
    fn the_geometric_mean_averages_ratios_fairly() {
        assert!(close(geometric_mean(&[2.0, 0.5]).expect("mean"), 1.0));
        assert!(close(geometric_mean(&[1.0, 4.0]).expect("mean"), 2.0));
        assert!(close(geometric_mean(&[3.0]).expect("mean"), 3.0));
        assert_eq!(geometric_mean(&[]), None);
        assert_eq!(geometric_mean(&[1.0, 0.0]), None);
        assert_eq!(geometric_mean(&[1.0, f64::NAN]), None);
    }

    #[test]
    fn ratios_of_times_below_the_floor_are_taken_at_the_floor() {
        assert_eq!(ratio(3.0, 1.5, 0.05), 2.0);
        assert_eq!(ratio(0.0, 0.0, 0.05), 1.0);
        assert!(close(ratio(0.5, 0.01, 0.05), 10.0));
    }
}
