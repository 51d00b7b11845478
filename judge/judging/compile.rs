//! Source → runnable program, as an online judge builds it, with binaries cached under `target/judge/`.

use crate::formats::names::closest;
use crate::formats::{digest, files};
use crate::model::error::JudgeError;
use crate::model::execution::{Measurement, Program, Stop};
use crate::model::limits::Limits;
use crate::model::status::Status;
use crate::run::runner::ProcessRunner;
use crate::run::sandbox;
use crate::run::supervise::Env;
use crate::run::sys;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

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
            _ => {
                let why = format!("cannot judge {}: unknown language", source.display());
                Err(JudgeError::new(why).with_fix("submit a .rs, .c, .cpp or .py file"))
            }
        }
    }

    /// The tool, its flags, the libraries after the source, the extension of the source's copy in
    /// its compile folder (the compiler goes by it), and how to get the tool.
    fn toolchain(self) -> Toolchain {
        let (tool, flags, libraries, extension, fix) = match self {
            // A fixed crate name: rustc would take it from the file name, and `sol.v2.rs` is no crate name.
            // A fixed crate type: a `#![crate_type = "proc-macro"]` inside is then no program, CE.
            Language::Rust => (
                "rustc",
                "--edition 2021 -O --crate-name main --crate-type bin",
                "",
                "rs",
                "install Rust from https://rustup.rs",
            ),
            Language::C => ("gcc", "-O2", "-lm", "c", "apt-get install gcc"),
            Language::Cpp => ("g++", "-O2 -std=c++17", "-lm", "cpp", "apt-get install g++"),
            // No site-packages (`-S`): the standard library only, as on a judge, and none of the
            // time that a machine's `.pth` hooks add to every start (45 ms on this one).
            Language::Python => ("python3", "-S", "", "py", "apt-get install python3"),
        };
        Toolchain {
            tool,
            flags,
            libraries,
            extension,
            fix,
        }
    }

    /// The command line a judge shows for it, e.g. `rustc --edition 2021 -O`.
    pub fn describe(self) -> String {
        let toolchain = self.toolchain();
        let words = [toolchain.tool, toolchain.flags, toolchain.libraries];
        let words: Vec<&str> = words.into_iter().filter(|w| !w.is_empty()).collect();
        words.join(" ")
    }
}

/// The command line the report shows for `language`: [`Language::describe`], but a script's names
/// the interpreter that runs it by its full path, with its version (a root judge's is the first
/// `python3` on PATH that nobody may run, not necessarily the caller's).
pub fn command_line(language: Language, cache: &Path) -> Result<String, JudgeError> {
    if language != Language::Python {
        return Ok(language.describe());
    }
    let Installed { tool, version } = installed(language, cache)?;
    let flags = language.toolchain().flags;
    let version = version.split_whitespace().next().unwrap_or("unknown");
    Ok(format!("{} {flags} (Python {version})", tool.display()))
}

/// A language's tools; `flags` and `libraries` are words split at spaces.
struct Toolchain {
    tool: &'static str,
    flags: &'static str,
    /// After the source: libraries must follow what uses them.
    libraries: &'static str,
    extension: &'static str,
    fix: &'static str,
}

/// The words of `text`, as arguments.
fn arguments(text: &str) -> impl Iterator<Item = OsString> + '_ {
    text.split_whitespace().map(OsString::from)
}

/// A compiled submission, or the compiler's complaint.
#[derive(Debug)]
pub enum Compiled {
    Ready { program: Program, cached: bool },
    Failed { message: String },
}

/// Builds `source` as an online judge would: the bytes read once are hashed (with the compiler, its
/// version and flags, and what it sees: see [`ProcessRunner::compiler_view`]), written alone into a
/// fresh folder and compiled there under `caps`; the binary then moves into `cache`. A binary built
/// before from the same bytes is reused if it is intact.
pub fn compile(
    source: &Path,
    cache: &Path,
    runner: &ProcessRunner,
    caps: &Limits,
) -> Result<Compiled, JudgeError> {
    let language = Language::of(source)?;
    let text = files::read_regular(source, MAX_SOURCE_BYTES).map_err(|e| unreadable(source, e))?;
    let installed = installed(language, cache)?;
    let entry_for = |view: &str| cache.join(cache_name(source, language, &text, &installed, view));
    let mut entry = entry_for(&runner.compiler_view());
    std::fs::create_dir_all(cache).map_err(|e| JudgeError::io("create", cache, e))?;
    let cached = is_intact(&entry);
    if !cached {
        let dir = runner.fresh_dir()?;
        let built = build(language, &installed, (&text, source), &dir, runner, caps);
        // Under the view it was built with: the sandbox may have proved unavailable meanwhile.
        entry = entry_for(&runner.compiler_view());
        let saved = match built {
            Ok(Ok(built)) => save(&built, &entry).map(Ok),
            other => other.map(|r| r.map(|_| ())),
        };
        runner.clean(&dir);
        if let Err(message) = saved? {
            return Ok(Compiled::Failed { message });
        }
    }
    // A script runs under its interpreter, with the flags it was checked with.
    let (path, args) = match language {
        Language::Python => {
            let flags = arguments(language.toolchain().flags);
            let args = flags.chain([entry.into_os_string()]).collect();
            (installed.tool, args)
        }
        _ => (entry, Vec::new()),
    };
    let shown = (language == Language::Python).then(|| source.display().to_string());
    let program = Program { path, args, shown };
    Ok(Compiled::Ready { program, cached })
}

/// Why `source` cannot be read; where there is no such file, the fix names the nearest file of its
/// folder that the judge could compile, else the folder a relative path was looked for in.
fn unreadable(source: &Path, why: String) -> JudgeError {
    let error = JudgeError::new(why);
    if source.exists() {
        return error;
    }
    let folder = source.parent().filter(|p| !p.as_os_str().is_empty());
    let entries = std::fs::read_dir(folder.unwrap_or(Path::new(".")))
        .into_iter()
        .flatten();
    let names: Vec<String> = entries
        .flatten()
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| Language::of(Path::new(name)).is_ok())
        .collect();
    let typed = source.file_name().unwrap_or_default().to_string_lossy();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    match closest(&typed, &names) {
        Some(near) => error.with_fix(format!(
            "did you mean `{}`?",
            source.with_file_name(near).display()
        )),
        None => {
            let here = std::env::current_dir().unwrap_or_default();
            let from = folder.map_or(here.clone(), |f| here.join(f));
            let fix = "give the path of a .rs, .c, .cpp or .py file";
            error.with_fix(format!("no such file in {}: {fix}", from.display()))
        }
    }
}

/// At most this much source: anything larger is no contest submission.
const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Compiles `text` alone in `dir`; `Ok(Err(message))` when the compiler refuses it or passes a cap,
/// its messages naming the file as the user gave it (`shown`), not the copy in `dir`. The built file
/// (a binary, or the checked script) is left in `dir`, whose path is returned.
fn build(
    language: Language,
    installed: &Installed,
    (text, shown): (&[u8], &Path),
    dir: &Path,
    runner: &ProcessRunner,
    caps: &Limits,
) -> Result<Result<PathBuf, String>, JudgeError> {
    let toolchain = language.toolchain();
    let source = dir.join(format!("main.{}", toolchain.extension));
    let output = dir.join("main");
    std::fs::write(&source, text).map_err(|e| JudgeError::io("write", &source, e))?;
    let mut args: Vec<OsString> = arguments(toolchain.flags).collect();
    if language == Language::Python {
        // No compile step, but a syntax error should still be CE, not RE: compile it in memory.
        args.extend(["-c", PYTHON_CHECK].map(OsString::from));
        args.push(source.clone().into_os_string());
        args.push(shown.as_os_str().to_owned());
    } else {
        args.extend([OsString::from("-o"), output.clone().into_os_string()]);
        args.push(source.clone().into_os_string());
        args.extend(arguments(toolchain.libraries));
    }
    let compiler = Program {
        path: installed.tool.clone(),
        args,
        // In the sandbox the name given becomes `/proc/self/fd/N`, as the file exists.
        shown: Some(shown.display().to_string()),
    };
    let ran = runner.execute(&compiler, None, dir, caps, Env::Judge)?;
    if let Some(why) = ran.lost {
        return Ok(Err(format!("the compiler's run failed: {why}")));
    }
    if let Some(why) = cap_passed(&ran.measured, caps) {
        return Ok(Err(why));
    }
    if ran.measured.status != Status::Exited(0) {
        let (copy, given) = (source.to_string_lossy(), shown.to_string_lossy());
        let named = compiler.named(&ran.stderr).replace(&*copy, &given);
        let lines: Vec<&str> = named.lines().take(MESSAGE_LINES).collect();
        return Ok(Err(lines.join("\n")));
    }
    Ok(Ok(if language == Language::Python {
        source
    } else {
        output
    }))
}

/// Only the error itself is printed: a traceback would name this check's own `<string>`.
const PYTHON_CHECK: &str = "import sys, traceback
try: compile(open(sys.argv[1], 'rb').read(), sys.argv[2], 'exec')
except Exception as e: sys.exit(''.join(traceback.format_exception_only(type(e), e)))";

/// Why a compiler was stopped, if it passed one of its caps.
fn cap_passed(m: &Measurement, caps: &Limits) -> Option<String> {
    let (mib, wall_ms) = (caps.memory_kib / 1024, caps.wall_ms());
    let why = match m.stopped? {
        Stop::Disk => "the compiler filled its folder".into(), // not capped: not seen
        Stop::Output => format!(
            "the compiler's output passed its {} MiB cap",
            caps.output_bytes >> 20
        ),
        Stop::UncountedChildren => {
            "the compiler ignored SIGCHLD: its CPU could not be counted".into()
        }
        Stop::Cpu => format!("the compiler passed its {} ms CPU cap", caps.cpu_ms),
        Stop::Memory | Stop::MemoryCap => format!("the compiler passed its {mib} MiB memory cap"),
        Stop::Wall => {
            format!(
                "the compiler was stopped at its {wall_ms} ms wall-clock cap (blocked on a file?)"
            )
        }
    };
    Some(why)
}

/// Moves a built file into the cache atomically, with a digest beside it, so that neither a second
/// judge building the same source nor a half-written file can leave a wrong entry.
fn save(built: &Path, entry: &Path) -> Result<(), JudgeError> {
    let bytes = std::fs::read(built).map_err(|e| JudgeError::io("read", built, e))?;
    let partial = entry.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, &bytes).map_err(|e| JudgeError::io("write", &partial, e))?;
    set_executable(&partial)?;
    let stamp = digest_path(entry);
    std::fs::write(&stamp, digest::hex(&bytes)).map_err(|e| JudgeError::io("write", &stamp, e))?;
    std::fs::rename(&partial, entry).map_err(|e| JudgeError::io("save", entry, e))
}

fn set_executable(path: &Path) -> Result<(), JudgeError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o555))
        .map_err(|e| JudgeError::io("set permissions of", path, e))
}

/// Whether the cache entry exists and still has the bytes it was saved with: a program that rewrote
/// it (possible where the sandbox is unavailable) only causes a rebuild.
fn is_intact(entry: &Path) -> bool {
    let (Ok(bytes), Ok(stamp)) = (
        std::fs::read(entry),
        std::fs::read_to_string(digest_path(entry)),
    ) else {
        return false;
    };
    stamp.trim() == digest::hex(&bytes)
}

fn digest_path(entry: &Path) -> PathBuf {
    let mut name = entry.as_os_str().to_owned();
    name.push(".digest");
    PathBuf::from(name)
}

/// A language's tools as installed here: the version that goes into the cache key, and for a script
/// the real interpreter that runs it (not a wrapper script, whose own memory would be charged to the
/// program). Asked once: a `python3` that is a version manager's shim takes a tenth of a second.
#[derive(Clone)]
struct Installed {
    /// The compiler, or the interpreter that checks and runs a script, by its full path: the
    /// sandbox shows it and its libraries, and nothing of a wrapper's (rustup's proxy, pyenv's shim).
    tool: PathBuf,
    version: String,
}

/// The tools this process asked about already: a judge that builds three Rust solutions asks
/// `rustc` once (through rustup's proxy, 20 ms a time).
static ASKED: Mutex<Vec<(Language, Installed)>> = Mutex::new(Vec::new());

/// The language's tools, asked once a process; a compiler's version is kept in `cache` too.
fn installed(language: Language, cache: &Path) -> Result<Installed, JudgeError> {
    let mut asked = ASKED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, found)) = asked.iter().find(|(l, _)| *l == language) {
        return Ok(found.clone());
    }
    let found = ask(language, cache)?;
    asked.push((language, found.clone()));
    Ok(found)
}

/// Finds the tool and asks its version: the cache key, the check that it is installed, and the
/// path that the sandbox runs.
fn ask(language: Language, cache: &Path) -> Result<Installed, JudgeError> {
    let Toolchain { tool, fix, .. } = language.toolchain();
    let why = format!("{tool} not found: it is needed for this submission");
    let missing = || JudgeError::new(why.clone()).with_fix(fix);
    let printed = |program: &Path, args: &[&str]| -> Option<String> {
        let out = Command::new(program).args(args).output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        Some(text).filter(|t| out.status.success() && !t.trim().is_empty())
    };
    let place = match language {
        Language::Python => {
            let python = match sys::is_root() {
                true => python_for_nobody(fix)?,
                false => PathBuf::from(tool),
            };
            // Its executable and its version in one start.
            let text = printed(&python, PYTHON_ASK).ok_or_else(missing)?;
            let (executable, version) = text.split_once('\n').unwrap_or_default();
            return Ok(Installed {
                tool: PathBuf::from(executable.trim()),
                version: version.to_string(),
            });
        }
        // rustup's proxy picks the toolchain (RUSTUP_TOOLCHAIN, a rust-toolchain file), once.
        // `rustup which` names it in a third of the CPU that `rustc --print sysroot` takes
        // through the proxy (6 against 22 ms here), which every Rust submission's judge paid.
        Language::Rust => {
            let which = rustup_proxy(tool).and_then(|rustup| printed(&rustup, &["which", tool]));
            let which = which.map(|path| PathBuf::from(path.trim()));
            let sysroot = || printed(Path::new(tool), &["--print", "sysroot"]);
            let sysroot = || sysroot().map(|root| Path::new(root.trim()).join("bin/rustc"));
            which.or_else(sysroot).ok_or_else(missing)?
        }
        Language::C | Language::Cpp => sandbox::on_path(Path::new(tool)).ok_or_else(missing)?,
    };
    let version = || printed(&place, &["--version"]);
    let version = super::versions::known(cache, &place, version).ok_or_else(missing)?;
    Ok(Installed {
        tool: place,
        version,
    })
}

/// The `rustup` that `tool` on PATH is a link to (symbolic or hard), if it is rustup's proxy:
/// rustup then knows which toolchain the proxy would run.
fn rustup_proxy(tool: &str) -> Option<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let found = sandbox::on_path(Path::new(tool))?;
    let rustup = found.with_file_name("rustup");
    let file = |path: &Path| std::fs::metadata(path).map(|m| (m.dev(), m.ino())).ok();
    (file(&found)? == file(&rustup)?).then_some(rustup)
}

const PYTHON_ASK: &[&str] = &[
    "-S",
    "-c",
    "import sys; print(sys.executable); print(sys.version)",
];

/// A root judge runs submissions as nobody (`run::sandbox::NOBODY`), who cannot reach an
/// interpreter in root's home (pyenv's, say): the first `python3` on PATH that any user may run.
fn python_for_nobody(fix: &str) -> Result<PathBuf, JudgeError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let candidates = std::env::split_paths(&path).map(|dir| dir.join("python3"));
    let mut runnable =
        candidates.filter(|c| std::fs::canonicalize(c).is_ok_and(|c| anyone_may_run(&c)));
    let why =
        "no python3 on PATH that an unprivileged user may run: a root judge runs submissions \
               as nobody";
    runnable
        .next()
        .ok_or_else(|| JudgeError::new(why).with_fix(fix))
}

/// Whether every folder above `file` lets others through, and `file` lets them run it.
fn anyone_may_run(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let others_x =
        |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o001 != 0);
    file.ancestors().all(others_x)
}

/// `<stem>-<hash>`: the hash covers source, compiler, version and command, and the compiler's
/// `view` of the files, so any change rebuilds.
fn cache_name(
    source: &Path,
    language: Language,
    text: &[u8],
    installed: &Installed,
    view: &str,
) -> String {
    let command = language.describe();
    let tool = std::os::unix::ffi::OsStrExt::as_bytes(installed.tool.as_os_str());
    let parts = [
        command.as_bytes(),
        installed.version.as_bytes(),
        view.as_bytes(),
    ];
    let key = digest::of(&[&[text, tool], &parts[..]].concat());
    let stem = source
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy());
    let python = language == Language::Python;
    let extension = if python { ".py" } else { "" };
    format!("{stem}-{key:016x}{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;

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
            "rustc --edition 2021 -O --crate-name main --crate-type bin"
        );
        assert_eq!(Language::C.describe(), "gcc -O2 -lm");
    }

    #[test]
    fn cache_names_follow_the_bytes_and_keep_a_scripts_extension() {
        let gcc = Installed {
            tool: PathBuf::from("/usr/bin/gcc"),
            version: "gcc 13".into(),
        };
        let named = |text: &[u8], file: &str, installed: &Installed, view: &str| {
            let path = Path::new(file);
            let language = Language::of(path).expect("a language");
            cache_name(path, language, text, installed, view)
        };
        let name = |text: &[u8], file: &str| named(text, file, &gcc, "namespaces");
        assert_ne!(name(b"a", "x.c"), name(b"b", "x.c"));
        assert_eq!(name(b"a", "x.c"), name(b"a", "x.c"));
        assert!(name(b"a", "sol.py").starts_with("sol-") && name(b"a", "sol.py").ends_with(".py"));
        // What the compiler sees, and which compiler, are in the key too.
        assert_ne!(name(b"a", "x.c"), named(b"a", "x.c", &gcc, "process-group"));
        let elsewhere = Installed {
            tool: PathBuf::from("/opt/gcc/bin/gcc"),
            ..gcc.clone()
        };
        assert_ne!(
            name(b"a", "x.c"),
            named(b"a", "x.c", &elsewhere, "namespaces")
        );
    }

    #[test]
    fn a_tampered_cache_entry_is_not_intact() {
        let dir = std::env::temp_dir().join(format!("slidekit-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (built, entry) = (dir.join("main"), dir.join("x-0123"));
        std::fs::write(&built, b"binary").expect("write");
        assert!(!is_intact(&entry));
        save(&built, &entry).expect("saved");
        assert!(is_intact(&entry));
        std::fs::set_permissions(&entry, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("chmod");
        std::fs::write(&entry, b"garbage").expect("overwrite");
        assert!(!is_intact(&entry));
        std::fs::remove_dir_all(dir).expect("clean up");
    }
}
