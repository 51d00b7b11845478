//! A problem folder: `problems/<name>/problem.toml` and its tests, each `.in` with an optional `.ans`.

use crate::formats::files;
use crate::formats::names;
use crate::formats::toml::{self, Value};
use crate::model::error::JudgeError;
use crate::model::limits::{Limits, DEFAULT, MAX_MEMORY_MIB, MAX_TIME_MS};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub struct Problem {
    pub name: String,
    pub dir: PathBuf,
    /// The reference submission, relative to the project root.
    pub solution: PathBuf,
    /// Which checker in `check/` judges answers.
    pub checker: String,
    pub limits: Limits,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Test {
    /// The file name without `.in`, e.g. `001-sample`.
    pub name: String,
    pub input: PathBuf,
    /// The expected optimum per case, if the test has an `.ans`.
    pub answer: Option<PathBuf>,
}

/// The names of all problems under `root/problems`, sorted.
pub fn names(root: &Path) -> Result<Vec<String>, JudgeError> {
    let dir = root.join("problems");
    let entries = std::fs::read_dir(&dir).map_err(|e| JudgeError::io("list", &dir, e))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("problem.toml").is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .collect();
    names.sort();
    Ok(names)
}

/// Fails, listing the known problems, unless `problems/<name>/problem.toml` is a file.
pub fn ensure_known(root: &Path, name: &str) -> Result<(), JudgeError> {
    let toml = root.join("problems").join(name).join("problem.toml");
    if toml.is_file() {
        return Ok(());
    }
    let known = names(root)?;
    let listed: Vec<&str> = known.iter().map(String::as_str).collect();
    let fix = match names::closest(name, &listed) {
        Some(near) => format!("did you mean `{near}`? The problems: {}", listed.join(", ")),
        None => format!("choose one of: {}", listed.join(", ")),
    };
    Err(JudgeError::new(format!("unknown problem `{name}`")).with_fix(fix))
}

/// Loads `problems/<name>/problem.toml`; an unknown name lists the known ones.
pub fn load(root: &Path, name: &str) -> Result<Problem, JudgeError> {
    ensure_known(root, name)?;
    let dir = root.join("problems").join(name);
    let path = dir.join("problem.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| JudgeError::io("read", &path, e))?;
    let table =
        toml::parse(&text).map_err(|e| JudgeError::new(format!("{}: {e}", path.display())))?;
    from_table(name, dir, table).map_err(|e| JudgeError::new(format!("{}: {e}", path.display())))
}

fn from_table(
    name: &str,
    dir: PathBuf,
    mut table: BTreeMap<String, Value>,
) -> Result<Problem, String> {
    let mut take_string = |key: &str| match table.remove(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(format!("`{key}` must be a string")),
        None => Err(format!("`{key}` is missing")),
    };
    let (solution, checker) = (
        PathBuf::from(take_string("solution")?),
        take_string("checker")?,
    );
    let mut take_number = |key: &str, default: u64, max: u64| match table.remove(key) {
        Some(Value::Integer(n)) if n > 0 && n as u64 <= max => Ok(n as u64),
        Some(_) => Err(format!("`{key}` must be a whole number from 1 to {max}")),
        None => Ok(default),
    };
    let max_kib = MAX_MEMORY_MIB * 1024;
    let limits = Limits {
        cpu_ms: take_number("time_limit_ms", DEFAULT.cpu_ms, MAX_TIME_MS)?,
        memory_kib: take_number("memory_limit_kib", DEFAULT.memory_kib, max_kib)?,
        output_bytes: take_number("output_limit_kib", DEFAULT.output_bytes / 1024, max_kib)? * 1024,
    };
    if let Some(key) = table.keys().next() {
        return Err(format!("unknown key `{key}`"));
    }
    Ok(Problem {
        name: name.to_string(),
        dir,
        solution,
        checker,
        limits,
    })
}

/// The problem's tests, sorted by name: every one when `only` is empty, else those its names choose
/// (they add up; each must choose one at least, so that a typo is an error, not an empty run).
/// `judge` is how the user runs the judge, for the advice when there are none.
pub fn tests(problem: &Problem, only: &[String], judge: &str) -> Result<Vec<Test>, JudgeError> {
    let dir = problem.dir.join("tests");
    let entries = std::fs::read_dir(&dir).map_err(|e| {
        JudgeError::io("list", &dir, e).with_fix("make tests/ a folder of NNN-name.in files")
    })?;
    let mut all: Vec<Test> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .filter_map(|input| {
            let name = input.file_stem()?.to_str()?.to_string();
            // Any `.ans` there counts, a folder or a dangling link too: reading it makes the test
            // ERR, where skipping it would run the test unchecked against the reference's optima.
            let answer = Some(input.with_extension("ans")).filter(|a| a.symlink_metadata().is_ok());
            Some(Test {
                name,
                input,
                answer,
            })
        })
        .collect();
    all.sort_by(|a, b| a.name.cmp(&b.name));
    if all.is_empty() {
        return Err(JudgeError::new(format!("no tests in {}", dir.display()))
            .with_fix(format!("add one with `{judge} add {} INPUT`", problem.name)));
    }
    let names: Vec<&str> = all.iter().map(|t| t.name.as_str()).collect();
    if let Some(unknown) = only.iter().find(|o| !names.iter().any(|n| selects(o, n))) {
        let fix = match names::closest(unknown, &names) {
            Some(near) => format!("did you mean `{near}`? The tests: {}", names.join(", ")),
            None => format!("choose one of: {}", names.join(", ")),
        };
        let why = format!("no test of {} is `{unknown}`", problem.name);
        return Err(JudgeError::new(why).with_fix(fix));
    }
    let chosen = |t: &Test| only.is_empty() || only.iter().any(|o| selects(o, &t.name));
    Ok(all.into_iter().filter(chosen).collect())
}

/// The one test `which` names, for a command that shows one (`show`, `chart`).
pub fn one_test(problem: &Problem, which: &str, judge: &str) -> Result<Test, JudgeError> {
    let mut tests = tests(problem, &[which.to_string()], judge)?;
    if tests.len() > 1 {
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        let why = format!("`{which}` names {} tests of {}", tests.len(), problem.name);
        return Err(JudgeError::new(why).with_fix(format!("give one of: {}", names.join(", "))));
    }
    Ok(tests.remove(0))
}

/// Test files that judge nothing, as warnings: an `.ans` without its `.in` (it is never run) and an
/// `.in` that is empty or whitespace only (no case: Eight would pass it as 0/0). The whole folder is
/// looked at, whatever `--test` chose; a folder that cannot be listed gives none, as listing the tests
/// reports it.
pub fn warnings(problem: &Problem) -> Vec<String> {
    let dir = problem.dir.join("tests");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let mut warnings: Vec<String> = names
        .iter()
        .filter_map(|name| match name.rsplit_once('.')? {
            (stem, "ans") if !names.contains(&format!("{stem}.in")) => {
                Some(format!("tests/{name} has no {stem}.in: it is never run"))
            }
            (_, "in") if files::is_blank(&dir.join(name)) => {
                Some(format!("tests/{name} is empty: it tests nothing"))
            }
            _ => None,
        })
        .collect();
    warnings.sort();
    warnings
}

/// `--test` names a test by its whole name (`003-hardest`), by its number (`3`, `003`), or by a
/// pattern with `*` and `?` (`'00*'`, `'*random*'`): a prefix only where it says so.
fn selects(only: &str, name: &str) -> bool {
    let number = |text: &str| text.split('-').next().and_then(|n| n.parse::<u32>().ok());
    let digits = !only.is_empty() && only.bytes().all(|b| b.is_ascii_digit());
    match only.contains(['*', '?']) {
        true => names::matches_pattern(only, name),
        false => name == only || (digits && number(only) == number(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> BTreeMap<String, Value> {
        toml::parse(text).expect("valid TOML")
    }

    #[test]
    fn limits_default_as_on_poj_and_can_be_set() {
        let p = from_table(
            "e",
            PathBuf::new(),
            table("solution = \"a.rs\"\nchecker = \"eight\""),
        )
        .expect("ok");
        assert_eq!(
            p.limits,
            Limits {
                cpu_ms: 1000,
                memory_kib: 65536,
                output_bytes: 64 << 20
            }
        );
        let text = "solution = \"a.rs\"\nchecker = \"eight\"\ntime_limit_ms = 5000\nmemory_limit_kib = 32768";
        let p = from_table("e", PathBuf::new(), table(text)).expect("ok");
        assert_eq!((p.limits.cpu_ms, p.limits.memory_kib), (5000, 32768));
    }

    #[test]
    fn missing_wrong_and_unknown_keys_are_errors() {
        let check = |text: &str| from_table("e", PathBuf::new(), table(text)).unwrap_err();
        assert_eq!(check("checker = \"eight\""), "`solution` is missing");
        assert_eq!(
            check("solution = 3\nchecker = \"eight\""),
            "`solution` must be a string"
        );
        assert_eq!(
            check("solution = \"a\"\nchecker = \"e\"\ntime_limit_ms = 0"),
            "`time_limit_ms` must be a whole number from 1 to 3600000"
        );
        assert_eq!(
            check("solution = \"a\"\nchecker = \"e\"\ntime_limt_ms = 5"),
            "unknown key `time_limt_ms`"
        );
    }

    #[test]
    fn test_files_that_judge_nothing_are_warned_about() {
        let dir = std::env::temp_dir().join(format!("slidekit-warnings-{}", std::process::id()));
        let folder = dir.join("tests");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(folder.join("005-folder.in")).expect("folders");
        std::fs::create_dir_all(folder.join("006-ans-folder.ans")).expect("folders");
        let files = [
            ("001-fine.in", "12345678x\n"),
            ("001-fine.ans", "0\n"),
            ("002-orphan.ans", "0\n"),
            ("003-empty.in", ""),
            ("004-blank.in", " \n\t\n"),
            ("004-blank.ans", ""),
            ("006-ans-folder.in", "12345678x\n"),
        ];
        for (name, text) in files {
            std::fs::write(folder.join(name), text).expect("write");
        }
        let problem = Problem {
            name: "p".into(),
            dir: dir.clone(),
            solution: PathBuf::new(),
            checker: "eight".into(),
            limits: DEFAULT,
        };
        assert_eq!(
            warnings(&problem),
            [
                "tests/002-orphan.ans has no 002-orphan.in: it is never run",
                "tests/003-empty.in is empty: it tests nothing",
                "tests/004-blank.in is empty: it tests nothing",
            ]
        );
        let listed = tests(&problem, &[], "judge").expect("tests");
        let named = listed.iter().find(|t| t.name == "005-folder");
        assert!(
            named.is_some(),
            "a folder named .in is a test, which will be ERR"
        );
        let checked = listed.iter().find(|t| t.name == "006-ans-folder");
        assert!(
            checked.is_some_and(|t| t.answer.is_some()),
            "a folder named .ans is an answer, which will make the test ERR, not unchecked"
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn the_real_problems_load_with_their_tests_in_order() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let eight = load(root, "eight").expect("eight loads");
        let all = tests(&eight, &[], "judge").expect("tests");
        assert_eq!(all[0].name, "001-sample");
        assert!(all.windows(2).all(|w| w[0].name < w[1].name));
        assert!(all.iter().all(|t| t.answer.is_some()));
        let chosen = |names: &[&str]| {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            tests(&eight, &names, "judge")
                .map(|t| t.into_iter().map(|t| t.name).collect::<Vec<_>>())
        };
        // By number, by whole name, by pattern; never by a prefix the user did not ask for.
        for one in ["2", "002", "02", &all[1].name] {
            assert_eq!(chosen(&[one]).expect("one"), [all[1].name.clone()], "{one}");
        }
        assert_eq!(chosen(&["00*"]).expect("a pattern").len(), 9);
        assert_eq!(
            chosen(&["2", "3", "2"]).expect("two").len(),
            2,
            "they add up, once each"
        );
        assert!(chosen(&["002-hard"]).is_err(), "not a prefix");
        let none = chosen(&["099"]).unwrap_err();
        assert!(
            none.fix.expect("a fix").contains("001-sample, 002-"),
            "lists the tests"
        );
        let typo = chosen(&["004-solvde"]).unwrap_err();
        assert!(typo
            .fix
            .expect("a fix")
            .starts_with("did you mean `004-solved`?"));
        let unknown = load(root, "nine").unwrap_err();
        assert!(unknown.fix.expect("a fix").contains("eight"));
        let typo = load(root, "eigth").unwrap_err();
        assert!(typo
            .fix
            .expect("a fix")
            .starts_with("did you mean `eight`?"));
    }
}
