//! The coach's words: a test's lesson on a line under its row, and the exercise's verdict after the
//! rows, with the hint for the first lapse.

use crate::formats::text::printable;
use crate::model::lesson::{Exercise, Lapse, Lesson};
use crate::model::verdict::{Finding, Verdict};
use crate::render::table::paint;

/// `      technique: holds: …` under a test's row, green when it held, yellow when not yet, magenta
/// when unreadable. A search that is not the compression is told with what it cost: correct but
/// not it, or too slow.
pub fn lesson_line(lesson: &Result<Lesson, String>, finding: &Finding, color: bool) -> String {
    let code = match lesson {
        Ok(Lesson::Holds(_)) => "32",
        Ok(Lesson::NotYet(_)) => "33",
        Ok(Lesson::NothingToTell(_)) => "0",
        Err(_) => "35",
    };
    // The trace's numbers are the submission's: printed escaped, they cannot drive the terminal.
    let text = printable(&said(lesson, finding));
    format!("      technique: {}\n", paint(color, code, &text))
}

/// What the coach says of a test: its lesson's text, a search that is not the compression told with
/// what it cost (correct but not it, or too slow).
fn said(lesson: &Result<Lesson, String>, finding: &Finding) -> String {
    let lapse = match lesson {
        Ok(Lesson::NotYet(lapse)) => lapse,
        Ok(lesson) => return lesson.text(),
        Err(why) => return format!("cannot tell: {why}"),
    };
    // A broken test's code is `ERR`: only a verdict's can be the time limit's.
    let timed_out = finding.code() == Verdict::TimeLimit.code();
    let cost = match lapse {
        Lapse::NotCompressed { .. } if finding.accepted() => "correct but ",
        Lapse::NotCompressed { .. } if timed_out => "too slow: ",
        _ => "",
    };
    format!("not yet: {cost}{}", lapse.text())
}

/// The exercise's verdict: passed, or not yet and why, with a hint for the first lapse.
pub fn verdict(exercise: &Exercise, color: bool) -> String {
    let tests = &exercise.run.tests;
    let failed = tests.iter().filter(|t| !t.finding.accepted()).count();
    let lapses: Vec<_> = exercise.lapses().collect();
    let held = exercise.held();
    if exercise.passed() {
        let quiet = match tests.len() - held {
            0 => String::new(),
            n => format!(" ({n} had nothing to tell)"),
        };
        let head = paint(color, "32", "passed");
        return format!(
            "exercise: {head}: every answer accepted, and the technique held on {held} of {} \
             tests{quiet}\n",
            tests.len()
        );
    }
    let mut why = Vec::new();
    if failed > 0 {
        why.push(format!("{failed} of {} tests not accepted", tests.len()));
    }
    let first = lapses.first().map(|&(i, lesson)| (&tests[i], lesson));
    if let Some((test, lesson)) = first {
        let text = said(lesson, &test.finding);
        let text = text.strip_prefix("not yet: ").unwrap_or(&text);
        why.push(format!(
            "the technique lapsed on {} of {} tests, first on {}: {}",
            lapses.len(),
            tests.len(),
            test.name,
            printable(text)
        ));
    } else if held == 0 && !exercise.lessons.is_empty() {
        why.push("no test showed the technique".to_string());
    }
    let hint = first.and_then(|(_, lesson)| match lesson {
        Ok(Lesson::NotYet(lapse)) => Some(format!("  hint: {}\n", lapse.hint())),
        _ => None,
    });
    let head = paint(color, "33", "not yet");
    format!(
        "exercise: {head}: {}\n{}",
        why.join("; "),
        hint.unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_not_the_compression_is_told_with_what_it_cost() {
        let lapse = Lapse::NotCompressed {
            query: 0,
            settled: 684_512,
            bound: 3_600,
        };
        let lesson = Ok(Lesson::NotYet(lapse.clone()));
        let line = |verdict| lesson_line(&lesson, &Finding::verdict(verdict, None), false);
        let text = lapse.text();
        let accepted = line(Verdict::Accepted);
        assert_eq!(
            accepted,
            format!("      technique: not yet: correct but {text}\n")
        );
        let slow = line(Verdict::TimeLimit);
        assert_eq!(
            slow,
            format!("      technique: not yet: too slow: {text}\n")
        );
        let wrong = line(Verdict::WrongAnswer);
        assert_eq!(wrong, format!("      technique: not yet: {text}\n"));
    }
}
