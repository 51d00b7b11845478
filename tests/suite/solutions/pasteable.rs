//! Every solution must be pasteable where its README says: plain `rustc` checks the file alone, with
//! no warning, under each edition and with the flags of each judge that the README's "where to
//! paste it" table lists as running Rust (`JUDGES`, one row a judge), and under the rules every
//! solution keeps (`--edition 2021 -O`, and the newest edition with Luogu's flags). Each of those
//! runs on this machine's rustc and, for editions up to 2021, on Rust 1.56.0, the oldest rustc the
//! solutions keep to (edition 2021 came with it; a judge whose rustc is not established, such as
//! LibreOJ's, may be as old). A test reads each table's judge and edition columns and checks them
//! against `JUDGES`, so the docs and the matrix cannot drift apart. Each file is also at most
//! 48 KiB, below every source limit those judges set.
//!
//! The check stops before code generation (`--emit=metadata`): every error, borrow check and lint
//! comes before it, and it takes a twelfth of the time (0.43 s against 5.4 s for the four files
//! here). The checks run on as many threads as there are cores: the whole matrix, 20 checks (12 on
//! this rustc, 8 on 1.56), took 1.6 s on this machine's two busy cores (load average 6), and
//! 0.02 s once stamped. The bare judge run builds each solution whole with this machine's rustc.
//!
//! A clean compile is remembered by a stamp in `target/tmp/pasteable/` named by a digest of the source,
//! `rustc -vV` and the flags, as the judge caches its binaries: only a changed solution or compiler is
//! compiled again. Delete the folder to force a compile. Where rustup has no Rust 1.56.0 (build.rs
//! looks), its test is ignored, naming the command that installs it.
//!
//! The bench baselines (`problems/*/plain_bfs.rs`) are checked too: they compile the judge's own
//! reference alone, so it must keep naming nothing from the crate.

use slidekit::formats::digest;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The oldest toolchain the solutions keep to; `.ci/run` installs it with rustup.
const OLDEST: &str = "1.56.0";
/// The most a solution may weigh as pasted, bytes.
const MAX_BYTES: u64 = 48 * 1024;
/// The editions rustc knows, oldest first.
const EDITIONS: [&str; 4] = ["2015", "2018", "2021", "2024"];

/// A judge that runs Rust, as the "where to paste it" tables list it: the editions it compiles
/// with, its other flags, and the problems (folders of `problems/`) whose table lists it.
struct Judge {
    name: &'static str,
    editions: &'static [&'static str],
    flags: &'static [&'static str],
    problems: &'static [&'static str],
}

const LUOGU_FLAGS: &[&str] = &["-W", "warnings", "-C", "opt-level=2"];

/// The judges of the tables; each table says where its facts come from.
const JUDGES: &[Judge] = &[
    Judge {
        name: "Luogu",
        editions: &["2024"],
        flags: LUOGU_FLAGS,
        problems: &["eight", "eight_luogu", "noip_huarong"],
    },
    // The user picks the edition, and an opt-level from 0 to 3.
    Judge {
        name: "LibreOJ",
        editions: &["2015", "2018", "2021"],
        flags: &["-C", "opt-level=2", "--cfg", "ONLINE_JUDGE"],
        problems: &["noip_huarong"],
    },
    // No `--edition`: rustc's default, 2015.
    Judge {
        name: "Vijos",
        editions: &["2015"],
        flags: &["-O"],
        problems: &["noip_huarong"],
    },
];

/// What every solution keeps to, whatever its table lists: its header's `--edition 2021 -O`, and
/// the newest edition with Luogu's flags.
const EVERY_SOLUTION: [(&str, &[&str]); 2] = [("2021", &["-O"]), ("2024", LUOGU_FLAGS)];

/// The solution each problem's table is about.
const SOLUTION_OF: [(&str, &str); 5] = [
    ("eight", "eight"),
    ("eight_luogu", "eight"),
    ("huarong", "huarong"),
    ("huarong_goal", "huarong_goal"),
    ("noip_huarong", "noip_huarong"),
];

/// A compiler: how to run it (`rustc`, or `rustup run 1.56.0 rustc`) and the newest edition it
/// knows.
struct Compiler {
    command: &'static [&'static str],
    newest_edition: &'static str,
}

const THIS_RUSTC: Compiler = Compiler {
    command: &["rustc"],
    newest_edition: "2024",
};

const OLDEST_RUSTC: Compiler = Compiler {
    command: &["rustup", "run", OLDEST, "rustc"],
    newest_edition: "2021",
};

/// One cell of the matrix: a solution, an edition, the flags besides it, and for whom.
struct Check {
    source: PathBuf,
    edition: &'static str,
    flags: &'static [&'static str],
    whom: String,
}

fn sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir("src/bin")
        .expect("src/bin")
        .map(|entry| entry.expect("readable folder").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    sources.sort();
    sources
}

fn solution_of(problem: &str) -> PathBuf {
    let found = SOLUTION_OF.iter().find(|(p, _)| *p == problem);
    let (_, name) = found.unwrap_or_else(|| panic!("{problem}: add its solution to SOLUTION_OF"));
    PathBuf::from(format!("src/bin/{name}.rs"))
}

/// Every check the tables and the house rules ask for, each once (its `whom` names all who ask).
fn matrix() -> Vec<Check> {
    let mut checks = Vec::new();
    for source in sources() {
        for (edition, flags) in EVERY_SOLUTION {
            let whom = "every solution".to_string();
            let source = source.clone();
            checks.push(Check {
                source,
                edition,
                flags,
                whom,
            });
        }
    }
    for judge in JUDGES {
        for problem in judge.problems {
            for &edition in judge.editions {
                checks.push(Check {
                    source: solution_of(problem),
                    edition,
                    flags: judge.flags,
                    whom: format!("{} ({problem})", judge.name),
                });
            }
        }
    }
    checks.sort_by(|a, b| (&a.source, a.edition, a.flags).cmp(&(&b.source, b.edition, b.flags)));
    checks.dedup_by(|later, kept| {
        let same =
            (&later.source, later.edition, later.flags) == (&kept.source, kept.edition, kept.flags);
        if same {
            kept.whom = format!("{}, {}", kept.whom, later.whom);
        }
        same
    });
    checks
}

#[test]
fn every_solution_fits_the_smallest_source_limit() {
    let sources = sources();
    assert!(sources.len() >= 3, "{sources:?}");
    for source in sources {
        let bytes = std::fs::metadata(&source).expect("a file").len();
        assert!(bytes <= MAX_BYTES, "{}: {bytes} bytes", source.display());
    }
}

#[test]
fn this_rustc_compiles_the_whole_matrix_clean() {
    compile_all(&THIS_RUSTC);
}

#[test]
#[cfg_attr(
    no_oldest_rustc,
    ignore = "needs Rust 1.56.0: rustup toolchain install 1.56.0 --profile minimal (.ci/run does)"
)]
fn rust_1_56_compiles_the_matrix_up_to_2021_clean() {
    compile_all(&OLDEST_RUSTC);
}

#[test]
fn the_matrix_holds_each_judge_of_the_tables() {
    let mut listed = Vec::new(); // (problem, judge, editions), from the tables
    for (problem, text) in readmes() {
        let Some(rows) = paste_table(&text) else {
            continue;
        };
        solution_of(&problem); // a table is about a solution the matrix knows
        let rows = rows.unwrap_or_else(|e| panic!("problems/{problem}/README.md: {e}"));
        let runs_rust = rows
            .into_iter()
            .filter(|(_, editions)| !editions.is_empty());
        listed.extend(runs_rust.map(|(judge, editions)| (problem.clone(), judge, editions)));
    }
    let mut matrix: Vec<_> = (JUDGES.iter())
        .flat_map(|j| {
            j.problems
                .iter()
                .map(move |p| (p.to_string(), j.name.to_string(), j.editions))
        })
        .map(|(p, j, editions)| {
            (
                p,
                j,
                editions.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
            )
        })
        .collect();
    listed.sort();
    matrix.sort();
    assert_eq!(
        listed, matrix,
        "the tables' judges (left) and JUDGES (right)"
    );
}

#[test]
fn a_table_row_gives_its_editions() {
    let table = "## Where to paste it\n| judge | edition | x |\n|---|---|---|\n\
                 | A | 2015, 2018 or 2021 (read 2026-12-03) | 1 |\n| B | not established | 2 |\n\nafter";
    let rows = paste_table(table).expect("a table").expect("well formed");
    let editions = |list: &[&str]| list.iter().map(|e| e.to_string()).collect::<Vec<_>>();
    let expected = [
        ("A", editions(&["2015", "2018", "2021"])),
        ("B", editions(&[])),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(j, e)| (j.to_string(), e))
        .collect();
    assert_eq!(rows, expected);
    let no_column = "## Where to paste it\n| judge | x |\n|---|---|\n| A | 2021 |\n";
    assert!(paste_table(no_column).expect("a table").is_err());
}

#[test]
fn the_bench_baselines_compile_alone_with_the_reference() {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("baselines");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    for problem in ["eight", "huarong", "huarong_goal"] {
        let source = format!("problems/{problem}/plain_bfs.rs");
        let output = Command::new("rustc")
            .args(["--edition", "2021", "--emit=metadata", "-o"])
            .arg(out_dir.join(format!("{problem}.rmeta")))
            .arg(&source)
            .output()
            .expect("rustc runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{source}:\n{stderr}");
        assert!(!stderr.contains("warning"), "{source}:\n{stderr}");
    }
}

/// Each problem's folder name and README.
fn readmes() -> Vec<(String, String)> {
    let mut readmes = Vec::new();
    for entry in std::fs::read_dir("problems").expect("problems/") {
        let path = entry.expect("readable folder").path();
        if let Ok(text) = std::fs::read_to_string(path.join("README.md")) {
            let name = path.file_name().expect("a folder name").to_string_lossy();
            readmes.push((name.into_owned(), text));
        }
    }
    readmes
}

/// The rows of the table under "## Where to paste it", each its judge and the editions its
/// edition column names (none: no Rust, or not established); `None` without such a table.
type Rows = Vec<(String, Vec<String>)>;
fn paste_table(readme: &str) -> Option<Result<Rows, String>> {
    let mut section = readme
        .lines()
        .skip_while(|line| *line != "## Where to paste it");
    section.next()?;
    let mut lines = (section.take_while(|line| !line.starts_with("## ")))
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'));
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner
            .split('|')
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let header = cells(lines.next()?);
    let column = |name: &str| header.iter().position(|cell| cell == name);
    let (Some(judge), Some(edition)) = (column("judge"), column("edition")) else {
        return Some(Err(format!(
            "no `judge` and `edition` columns in {header:?}"
        )));
    };
    let rows = lines.skip(1).map(|line| {
        let row = cells(line);
        let named = row[edition].split(|c: char| !c.is_ascii_digit());
        let editions = named.filter(|word| EDITIONS.contains(word));
        (row[judge].clone(), editions.map(str::to_string).collect())
    });
    Some(Ok(rows.collect()))
}

/// Checks every cell of the matrix whose edition `compiler` knows, on as many threads as the
/// machine has cores (each rustc uses one for most of its time), and fails naming every cell that
/// is not clean.
fn compile_all(compiler: &Compiler) {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let command = compiler.command.join(" ");
    let version = version(compiler).unwrap_or_else(|| panic!("`{command}` does not run"));
    let checks: Vec<Check> = (matrix().into_iter())
        .filter(|check| check.edition <= compiler.newest_edition)
        .collect();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut failures = Vec::new();
                    while let Some(check) = checks.get(next.fetch_add(1, Ordering::Relaxed)) {
                        failures.extend(compile(compiler, &version, check, &out_dir).err());
                    }
                    failures
                })
            })
            .collect();
        let joined = workers.into_iter().map(|worker| worker.join());
        joined
            .flat_map(|failures| failures.expect("a worker"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `rustc -vV` of the compiler, or `None` if it cannot be run.
fn version(compiler: &Compiler) -> Option<Vec<u8>> {
    let (program, rest) = compiler.command.split_first()?;
    let out = Command::new(program).args(rest).arg("-vV").output().ok()?;
    Some(out.stdout).filter(|_| out.status.success())
}

/// Checks one cell: the source alone, in a folder of its own (so no sibling file can be read),
/// with no error and no warning, unless a stamp says these inputs were checked before.
fn compile(
    compiler: &Compiler,
    version: &[u8],
    check: &Check,
    out_dir: &Path,
) -> Result<(), String> {
    let text = std::fs::read(&check.source).expect("readable source");
    let flags = format!("--edition {} {}", check.edition, check.flags.join(" "));
    let key = digest::of(&[&text, version, flags.as_bytes()]);
    let name = check
        .source
        .file_stem()
        .expect("a file name")
        .to_string_lossy();
    let stamp = out_dir.join(format!("{name}-{key:016x}.ok"));
    if stamp.is_file() {
        return Ok(());
    }
    let alone = out_dir.join(format!("{name}-{key:016x}"));
    std::fs::create_dir_all(&alone).expect("a folder for the file alone");
    std::fs::write(alone.join("main.rs"), &text).expect("the file, copied");
    let (program, rest) = compiler.command.split_first().expect("a command");
    let output = Command::new(program)
        .args(rest)
        .args(["--edition", check.edition])
        .args(check.flags)
        .args(["--emit=metadata", "-o"])
        .arg(alone.join("main.rmeta"))
        .arg(alone.join("main.rs"))
        .output()
        .expect("rustc runs");
    let _ = std::fs::remove_dir_all(&alone);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || stderr.contains("warning") {
        let command = compiler.command.join(" ");
        let source = check.source.display();
        return Err(format!(
            "{source} with `{command} {flags}`, for {}:\n{stderr}",
            check.whom
        ));
    }
    std::fs::write(&stamp, "").expect("stamp");
    Ok(())
}
