//! Source → runnable program, as an online judge builds it, with binaries cached under `target/judge/`.

use crate::error::JudgeError;
use crate::run::Program;
use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How many lines of a compiler's message a CE verdict keeps.
const MESSAGE_LINES: usize = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Rust,
    C,
    Cpp,
    Python,
}

impl Language {
    pub fn of(source: &Path) -> Result<Language, JudgeError> {
        match source.extension().and_then(|e| e.to_str()) {
            Some("rs") => Ok(Language::Rust),
            Some("c") => Ok(Language::C),
            Some("cpp" | "cc" | "cxx") => Ok(Language::Cpp),
            Some("py") => Ok(Language::Python),
            _ => Err(JudgeError::new(format!(
                "cannot judge {}: unknown language",
                source.display()
            ))
            .with_fix("submit a .rs, .c, .cpp or .py file")),
        }
    }

    /// The tool, the arguments before and after `-o OUT SOURCE`, and how to get the tool.
    fn toolchain(self) -> Toolchain {
        let (tool, flags, libraries, fix): (_, &[_], &[_], _) = match self {
            // A fixed crate name: rustc would take it from the file name, and `sol.v2.rs` is no crate name.
            Language::Rust => (
                "rustc",
                &["--edition", "2021", "-O", "--crate-name", "main"],
                &[],
                "install Rust from https://rustup.rs",
            ),
            Language::C => ("gcc", &["-O2"], &["-lm"], "apt-get install gcc"),
            Language::Cpp => (
                "g++",
                &["-O2", "-std=c++17"],
                &["-lm"],
                "apt-get install g++",
            ),
            Language::Python => ("python3", &[], &[], "apt-get install python3"),
        };
        Toolchain {
            tool,
            flags,
            libraries,
            fix,
        }
    }

    /// The command line a judge shows for it, e.g. `rustc --edition 2021 -O`.
    pub fn describe(self) -> String {
        let Toolchain {
            tool,
            flags,
            libraries,
            ..
        } = self.toolchain();
        let words: Vec<&str> = [tool]
            .iter()
            .chain(flags)
            .chain(libraries)
            .copied()
            .collect();
        words.join(" ")
    }
}

struct Toolchain {
    tool: &'static str,
    flags: &'static [&'static str],
    /// After the source: libraries must follow what uses them.
    libraries: &'static [&'static str],
    fix: &'static str,
}

/// A compiled submission, or the compiler's complaint.
#[derive(Debug)]
pub enum Compiled {
    Ready { program: Program, cached: bool },
    Failed { message: String },
}

/// Builds `source` into `cache`, reusing a binary built before from the same source, compiler and flags.
pub fn compile(source: &Path, cache: &Path) -> Result<Compiled, JudgeError> {
    let language = Language::of(source)?;
    let text = std::fs::read(source).map_err(|e| JudgeError::io("read", source, e))?;
    let toolchain = language.toolchain();
    let version = tool_version(toolchain.tool, toolchain.fix)?;
    if language == Language::Python {
        return check_python(source, &version);
    }
    let binary = cache.join(cache_name(source, &text, &version, &language.describe()));
    let cached = binary.is_file();
    if !cached {
        std::fs::create_dir_all(cache).map_err(|e| JudgeError::io("create", cache, e))?;
        if let Err(message) = build(&toolchain, source, &binary)? {
            return Ok(Compiled::Failed { message });
        }
    }
    let program = Program {
        path: binary,
        args: Vec::new(),
    };
    Ok(Compiled::Ready { program, cached })
}

/// Runs the compiler; `Ok(Err(message))` when it refuses the source.
fn build(
    toolchain: &Toolchain,
    source: &Path,
    binary: &Path,
) -> Result<Result<(), String>, JudgeError> {
    // Built under a name of its own, renamed when complete: no half-written entry, even when two
    // judges build the same source at once.
    let partial = binary.with_extension(format!("partial-{}", std::process::id()));
    let mut command = Command::new(toolchain.tool);
    command
        .args(toolchain.flags)
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .args(toolchain.libraries);
    let tool = toolchain.tool;
    let output = command
        .output()
        .map_err(|e| JudgeError::new(format!("cannot run {tool}: {e}")))?;
    if !output.status.success() {
        return Ok(Err(first_lines(&output.stderr)));
    }
    std::fs::rename(&partial, binary).map_err(|e| JudgeError::io("save", binary, e))?;
    Ok(Ok(()))
}

/// Runs `tool --version`: both the cache key and the check that the tool is installed.
fn tool_version(tool: &str, fix: &str) -> Result<String, JudgeError> {
    match Command::new(tool).arg("--version").output() {
        Ok(out) if out.status.success() => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        _ => Err(JudgeError::new(format!(
            "{tool} not found: it is needed for this submission"
        ))
        .with_fix(fix)),
    }
}

/// `<stem>-<hash>`: the hash covers source, compiler version and command, so any change rebuilds.
fn cache_name(source: &Path, text: &[u8], version: &str, command: &str) -> String {
    // Fixed keys, so stable from run to run; a new Rust release may hash differently, which only
    // costs a rebuild.
    let mut hasher = DefaultHasher::new();
    (text, version, command).hash(&mut hasher);
    let stem = source
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy());
    format!("{stem}-{:016x}", hasher.finish())
}

/// Python has no compile step, but a syntax error should still be CE, not RE: compile it in memory.
fn check_python(source: &Path, version: &str) -> Result<Compiled, JudgeError> {
    // Absolute: the program runs in a scratch folder, not where the judge was started.
    let source = &std::fs::canonicalize(source).map_err(|e| JudgeError::io("find", source, e))?;
    let script = "import sys; print(sys.executable); compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')";
    let output = Command::new("python3")
        .args(["-c", script])
        .arg(source)
        .output();
    let output = output
        .map_err(|e| JudgeError::new(format!("cannot run python3 ({}): {e}", version.trim())))?;
    if !output.status.success() {
        return Ok(Compiled::Failed {
            message: first_lines(&output.stderr),
        });
    }
    // The real interpreter, not a wrapper script: a wrapper's own memory would be charged to the program.
    let interpreter = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let program = Program {
        path: PathBuf::from(interpreter),
        args: vec![OsString::from(source)],
    };
    Ok(Compiled::Ready {
        program,
        cached: false,
    })
}

fn first_lines(message: &[u8]) -> String {
    let text = String::from_utf8_lossy(message);
    let lines: Vec<&str> = text.lines().take(MESSAGE_LINES).collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("slidekit-compile-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn languages_come_from_the_extension() {
        assert_eq!(Language::of(Path::new("a/b.rs")), Ok(Language::Rust));
        assert_eq!(Language::of(Path::new("b.cpp")), Ok(Language::Cpp));
        assert_eq!(Language::of(Path::new("b.py")), Ok(Language::Python));
        let err = Language::of(Path::new("b.java")).unwrap_err();
        assert_eq!(
            err.fix.as_deref(),
            Some("submit a .rs, .c, .cpp or .py file")
        );
        assert_eq!(
            Language::Rust.describe(),
            "rustc --edition 2021 -O --crate-name main"
        );
        assert_eq!(Language::C.describe(), "gcc -O2 -lm");
    }

    #[test]
    fn a_c_program_is_built_once_then_cached_and_rebuilt_when_it_changes() {
        let dir = scratch("c");
        let source = dir.join("hello.c");
        std::fs::write(&source, "int main(void) { return 0; }\n").expect("write");
        let built =
            |expect_cached: bool| match compile(&source, &dir.join("cache")).expect("gcc runs") {
                Compiled::Ready { program, cached } => {
                    assert_eq!(cached, expect_cached);
                    assert!(program.path.is_file());
                    program.path
                }
                Compiled::Failed { message } => panic!("{message}"),
            };
        let first = built(false);
        assert_eq!(built(true), first);
        std::fs::write(&source, "int main(void) { return 1; }\n").expect("write");
        assert_ne!(built(false), first);
        std::fs::remove_dir_all(dir).expect("clean up");
    }

    #[test]
    fn compile_errors_keep_the_compilers_first_lines() {
        let dir = scratch("ce");
        let source = dir.join("broken.c");
        std::fs::write(&source, "int main(void) { return x; }\n").expect("write");
        match compile(&source, &dir.join("cache")).expect("gcc runs") {
            Compiled::Failed { message } => {
                assert!(message.contains("undeclared"), "{message}")
            }
            Compiled::Ready { .. } => panic!("compiled"),
        }
        let script = dir.join("broken.py");
        std::fs::write(&script, "def f(:\n").expect("write");
        let result = compile(&script, &dir.join("cache")).expect("python3 runs");
        assert!(matches!(result, Compiled::Failed { message } if message.contains("SyntaxError")));
        std::fs::remove_dir_all(dir).expect("clean up");
    }
}
