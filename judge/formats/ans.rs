//! The `.ans` format: each case's optimum by the reference, a number or `unsolvable`, one a line.

use crate::model::optimum::Optimum;

/// An optimum as `.ans` files write it.
pub fn show_optimum(optimum: Optimum) -> String {
    match optimum {
        Optimum::Moves(n) => n.to_string(),
        Optimum::Unsolvable => "unsolvable".into(),
    }
}

/// An optimum as `.ans` files write it, read back: `None` if the line is neither.
pub fn read_optimum(line: &str) -> Option<Optimum> {
    match line {
        "unsolvable" => Some(Optimum::Unsolvable),
        n => n.parse().ok().map(Optimum::Moves),
    }
}

/// Checks an `.ans` against the reference's `optima`; blank lines do not count.
pub fn compare_expected(expected: &str, optima: &[Optimum]) -> Result<(), String> {
    let lines: Vec<&str> = expected
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let (count, cases) = (lines.len(), optima.len());
    if count != cases {
        return Err(format!(".ans has {count} lines for {cases} cases"));
    }
    for (i, (line, optimum)) in lines.iter().zip(optima).enumerate() {
        let reference = show_optimum(*optimum);
        if *line != reference {
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
        let optima = [Optimum::Moves(19), Optimum::Unsolvable];
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

    #[test]
    fn an_optimum_reads_back_as_it_was_written() {
        for optimum in [Optimum::Moves(0), Optimum::Moves(81), Optimum::Unsolvable] {
            assert_eq!(read_optimum(&show_optimum(optimum)), Some(optimum));
        }
        assert_eq!(read_optimum("-1"), None);
    }
}
