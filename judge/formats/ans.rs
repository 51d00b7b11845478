//! The `.ans` format: each case's optimum by the reference, a number or `unsolvable`, one a line.

/// An optimum as `.ans` files write it.
pub fn show_optimum(optimum: Option<u64>) -> String {
    optimum.map_or("unsolvable".into(), |n| n.to_string())
}

/// Checks an `.ans` against the reference's `optima`; blank lines do not count.
pub fn compare_expected(expected: &str, optima: &[Option<u64>]) -> Result<(), String> {
    let lines: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() != optima.len() {
        return Err(format!(
            ".ans has {} lines for {} cases",
            lines.len(),
            optima.len()
        ));
    }
    for (i, (line, optimum)) in lines.iter().zip(optima).enumerate() {
        if *line != show_optimum(*optimum) {
            let reference = show_optimum(*optimum);
            return Err(format!(
                ".ans line {} says {line}, the reference says {reference}",
                i + 1
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ans_that_disagrees_with_the_reference_is_named() {
        let optima = [Some(19), None];
        assert_eq!(compare_expected("19\nunsolvable\n", &optima), Ok(()));
        let wrong = compare_expected("18\nunsolvable\n", &optima);
        assert_eq!(
            wrong,
            Err(".ans line 1 says 18, the reference says 19".into())
        );
        assert_eq!(
            compare_expected("19\n", &optima),
            Err(".ans has 1 lines for 2 cases".into())
        );
    }
}
