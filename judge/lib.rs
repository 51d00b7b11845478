//! slidekit's judge as a library: the `judge` binary is a thin wrapper round [`commands::main`],
//! and the integration tests call the same code.
//!
//! The folders follow the pipeline: `cli` turns arguments into a command; `commands` has one file
//! per subcommand; `judging` compiles a submission and judges it test by test; `run` launches and
//! contains one program (the only `unsafe` is in `run::sys`); `puzzles` holds everything the judge
//! knows about one puzzle (reference, checker, generator, hints) and the registry; `model` the nouns
//! the others share; `render` turns them into tables, JSON, pages and charts; `formats` reads and
//! writes the small formats (JSON, TOML, traces, bounded files).

pub mod cli;
pub mod commands;
pub mod formats;
pub mod judging;
pub mod model;
pub mod puzzles;
pub mod render;
pub mod run;

/// The house rules, read off the sources: every file names its job on its first line, `unsafe`
/// lives in `run/sys.rs` alone, and neither files nor folders import each other in a circle.
#[cfg(test)]
mod house {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// Every `.rs` file under `judge/` as (module path, source without its tests).
    fn modules() -> BTreeMap<String, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge");
        let mut found = BTreeMap::new();
        let mut folders = vec![root.clone()];
        while let Some(dir) = folders.pop() {
            for entry in std::fs::read_dir(&dir).expect("a folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let relative = path.strip_prefix(&root).expect("under judge/");
                    let name = relative.with_extension("").display().to_string();
                    let name = name.trim_end_matches("/mod").replace('/', "::");
                    found.insert(name, std::fs::read_to_string(&path).expect("UTF-8"));
                }
            }
        }
        found
    }

    fn without_tests(source: &str) -> &str {
        source.split("#[cfg(test)]").next().unwrap_or(source)
    }

    /// The modules `source` (module `name`) names by `crate::` paths or as `super::` siblings.
    fn imports(name: &str, source: &str, all: &BTreeMap<String, String>) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        let parent = name.rsplit_once("::").map_or("", |(p, _)| p);
        for (prefix, base) in [
            ("crate::", String::new()),
            ("super::", format!("{parent}::")),
        ] {
            for piece in without_tests(source).split(prefix).skip(1) {
                let path: String = piece
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_' || *c == ':')
                    .collect();
                let words: Vec<&str> = path.split("::").filter(|w| !w.is_empty()).collect();
                let longest = (1..=words.len())
                    .rev()
                    .map(|k| format!("{base}{}", words[..k].join("::")))
                    .find(|m| all.contains_key(m));
                found.extend(longest.filter(|m| m != name));
            }
        }
        found
    }

    /// A circle in `edges`, if there is one.
    fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
        fn visit(
            at: &str,
            edges: &BTreeMap<String, BTreeSet<String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Option<Vec<String>> {
            if let Some(i) = path.iter().position(|p| p == at) {
                return Some(path[i..].to_vec());
            }
            if !done.insert(at.to_string()) {
                return None;
            }
            path.push(at.to_string());
            for next in edges.get(at).into_iter().flatten() {
                if let Some(found) = visit(next, edges, path, done) {
                    return Some(found);
                }
            }
            path.pop();
            None
        }
        let mut done = BTreeSet::new();
        edges
            .keys()
            .find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
    }

    #[test]
    fn every_file_names_its_job_and_only_run_sys_is_unsafe() {
        for (name, source) in modules() {
            assert!(
                source.starts_with("//! "),
                "judge/{name} opens without its job"
            );
            let unsafe_code = without_tests(&source).contains("unsafe {");
            assert!(!unsafe_code || name == "run::sys", "unsafe in {name}");
        }
    }

    #[test]
    fn no_file_and_no_folder_imports_itself_in_a_circle() {
        let all = modules();
        let files: BTreeMap<String, BTreeSet<String>> = (all.iter())
            .map(|(name, source)| (name.clone(), imports(name, source, &all)))
            .collect();
        assert_eq!(circle(&files), None);
        let folder = |m: &str| m.split("::").next().unwrap_or(m).to_string();
        let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in &files {
            let others = to.iter().map(|t| folder(t)).filter(|t| *t != folder(from));
            folders.entry(folder(from)).or_default().extend(others);
        }
        assert_eq!(circle(&folders), None, "{folders:?}");
        assert!(
            files["judging::session"].contains("run::runner"),
            "the graph is read"
        );
    }
}
