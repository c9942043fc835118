//! The shape of `src/` (ARCHITECTURE.md): a one-way stack of top-level modules, and no circle among the
//! files of one folder.
//!
//! Every `use crate::…`, `use super::…`, `use self::…` (grouped forms such as `use crate::{a, b::c}`
//! included), every `crate::…`, `super::…` and `self::…` path in the code, and in a file that declares
//! child modules every path through one of them, is followed to the file that defines what it names
//! (through `pub use` re-exports). Then:
//! - a file may use only its own top-level module's level and those below ([`LEVELS`]);
//! - the top-level modules must not use each other in a circle;
//! - the files of one folder must not use each other in a circle (a folder's `mod.rs` declaring and
//!   re-exporting its files does not count as using them; its own code does).
//!
//! Plain Rust over `std::fs`: the checker is tested on fixtures that must fail.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The stack, lowest first: a module uses only its own level and those below.
const LEVELS: &[&[&str]] = &[
    &["player", "hex", "error", "movelist", "keys"],
    &["dice", "notation", "annotation", "clock", "rating"],
    &["engine"],
    &["jokerball", "zola"],
    &["matchplay"],
    &["record"],
    &["bot"],
    &["sim"],
    &["wasm"],
];

/// The level of a top-level module.
fn level(module: &str) -> Option<usize> {
    LEVELS.iter().position(|l| l.contains(&module))
}

/// One source file: its path under `src/`, its module path, its code (comments and string contents
/// blanked, line breaks kept).
struct File {
    path: String,
    module: Vec<String>,
    code: String,
}

/// The module path of a file under `src/`: `lib.rs` the root, `a.rs` and `a/mod.rs` `[a]`, `a/b.rs` `[a, b]`.
fn module_of(path: &str) -> Vec<String> {
    let trimmed = path.strip_suffix(".rs").unwrap_or(path);
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Blanks comments, string literals and character literals (keeping line breaks), so that only code
/// is read.
fn code_of(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        let ch = c[i];
        if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if ch == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && !ident_char(at(i.wrapping_sub(1)))))
        {
            // A raw string r"…" or r#"…"#.
            let mut hashes = 0;
            let mut j = i + 1;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            if at(j) != '"' {
                out.push(ch);
                i += 1;
                continue;
            }
            out.push('"');
            i = j + 1;
            while i < c.len() {
                if c[i] == '"' && (1..=hashes).all(|h| at(i + h) == '#') {
                    out.push('"');
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if ch == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    blank(&mut out, c[i]);
                    i += 1;
                }
                if i < c.len() {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if ch == '\'' && (at(i + 1) == '\\' || (at(i + 2) == '\'' && at(i + 1) != '\'')) {
            // A character literal ('x', '\n', '\''); a lifetime ('a) is left alone.
            out.push('\'');
            i += 1;
            if at(i) == '\\' {
                out.push(' ');
                i += 1;
            }
            while i < c.len() && c[i] != '\'' {
                blank(&mut out, c[i]);
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else {
            out.push(ch);
            i += 1;
        }
    }
    out
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A `use` declaration or a path in the code: where it starts, its full paths, whether it re-exports.
struct Use {
    line: usize,
    /// The module path the code is in (the file's, plus inline `mod x { … }` blocks).
    scope: Vec<String>,
    paths: Vec<Vec<String>>,
    reexport: bool,
}

/// Expands a use tree (`a::b::{c, d::{e, f as g}, self}`) into full paths (an `as` alias dropped).
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    // Split at the first `{` that is not nested.
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let close = tree.rfind('}').unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..k], &base, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &base, out);
        return;
    }
    let plain = tree.split(" as ").next().unwrap_or(tree);
    let mut path = prefix.to_vec();
    for seg in plain.split("::").map(str::trim).filter(|s| !s.is_empty()) {
        if seg != "self" || path.is_empty() {
            path.push(seg.to_string());
        }
    }
    out.push(path);
}

/// The module path inside `inline` modules of a file's module.
fn scope_of(module: &[String], inline: &[(String, usize)]) -> Vec<String> {
    let mut s = module.to_vec();
    s.extend(inline.iter().map(|(n, _)| n.clone()));
    s
}

/// The `use` declarations and the paths of a file's code.
fn uses_of(file: &File, children: &BTreeSet<String>) -> Vec<Use> {
    let code: Vec<char> = file.code.chars().collect();
    let at = |k: usize| code.get(k).copied().unwrap_or('\0');
    let word_at = |k: usize, w: &str| {
        w.chars().enumerate().all(|(n, ch)| at(k + n) == ch)
            && !ident_char(at(k + w.chars().count()))
            && (k == 0 || !ident_char(at(k - 1)))
    };
    let mut out = Vec::new();
    let mut line = 1;
    let mut depth = 0usize;
    // Inline modules: (name, the brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < code.len() {
        let ch = code[i];
        match ch {
            '\n' => line += 1,
            '{' => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    inline.push((name, depth));
                }
            }
            '}' => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            ';' => pending_mod = None,
            _ => {}
        }
        if word_at(i, "mod") {
            let rest: String = code[i + 3..]
                .iter()
                .take_while(|c| **c != ';' && **c != '{')
                .collect();
            pending_mod = Some(rest.trim().to_string());
            i += 3;
            continue;
        }
        if word_at(i, "use") {
            let start_line = line;
            let before: String = code[..i]
                .iter()
                .rev()
                .take(24)
                .collect::<String>()
                .chars()
                .rev()
                .collect();
            let before = before
                .rsplit([';', '}', '{', ']'])
                .next()
                .unwrap_or("")
                .trim()
                .to_string();
            let reexport = before.starts_with("pub");
            let mut j = i + 3;
            while j < code.len() && code[j] != ';' {
                if code[j] == '\n' {
                    line += 1;
                }
                j += 1;
            }
            let tree: String = code[i + 3..j].iter().collect();
            let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
            let mut paths = Vec::new();
            expand(
                &tree.replace(":: ", "::").replace(" ::", "::"),
                &[],
                &mut paths,
            );
            paths.retain(|p| {
                p.first().is_some_and(|s| {
                    matches!(s.as_str(), "crate" | "super" | "self" | "$crate")
                        || children.contains(s)
                })
            });
            if !paths.is_empty() {
                out.push(Use {
                    line: start_line,
                    scope: scope_of(&file.module, &inline),
                    paths,
                    reexport,
                });
            }
            i = j;
            continue;
        }
        // A path in the code: crate::a::b, super::x, self::x, or child::x in a file with children.
        let prev = at(i.wrapping_sub(1));
        let after_colons = prev == ':' && at(i.wrapping_sub(2)) == ':';
        let starts_path = ident_char(ch) && !ident_char(prev) && !after_colons;
        if starts_path {
            let mut j = i;
            let mut segs = Vec::new();
            loop {
                let s = j;
                while ident_char(at(j)) {
                    j += 1;
                }
                segs.push(code[s..j].iter().collect::<String>());
                if at(j) == ':' && at(j + 1) == ':' && ident_char(at(j + 2)) {
                    j += 2;
                } else {
                    break;
                }
            }
            let first = segs[0].as_str();
            let relevant = segs.len() > 1
                && (matches!(first, "crate" | "super" | "self")
                    || (children.contains(first) && prev != '$'));
            if relevant {
                out.push(Use {
                    line,
                    scope: scope_of(&file.module, &inline),
                    paths: vec![segs],
                    reexport: false,
                });
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// The problems found in a set of files (`(path under src/, text)`): upward uses, circles among
/// top-level modules, circles among the files of one folder. Empty when the shape holds.
fn check(sources: &[(String, String)]) -> Vec<String> {
    let files: Vec<File> = sources
        .iter()
        .map(|(path, text)| File {
            path: path.clone(),
            module: module_of(path),
            code: code_of(text),
        })
        .collect();
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(k, f)| (f.module.clone(), k))
        .collect();
    // Declared child modules (`mod x;`) of each file.
    let children: Vec<BTreeSet<String>> = files
        .iter()
        .map(|f| {
            by_module
                .keys()
                .filter(|m| m.len() == f.module.len() + 1 && m.starts_with(&f.module))
                .filter_map(|m| m.last().cloned())
                .collect()
        })
        .collect();
    let uses: Vec<Vec<Use>> = files
        .iter()
        .zip(&children)
        .map(|(f, c)| uses_of(f, c))
        .collect();
    // Re-exports: (module, name) -> the full path it stands for (from the crate root).
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    for (f, us) in files.iter().zip(&uses) {
        for u in us.iter().filter(|u| u.reexport) {
            for p in &u.paths {
                if let (Some(abs), Some(name)) = (
                    absolute(&u.scope, p, &children_of(&by_module, &f.module)),
                    p.last(),
                ) {
                    reexports.insert((f.module.clone(), name.clone()), abs);
                }
            }
        }
    }
    let file_of = |module: &[String]| -> Option<usize> {
        (0..=module.len())
            .rev()
            .find_map(|n| by_module.get(&module[..n]).copied())
    };
    // Follows an absolute path to the file that defines what it names.
    let resolve = |abs: &[String]| -> Option<usize> {
        let mut path = abs.to_vec();
        for _ in 0..8 {
            let mut cur: Vec<String> = Vec::new();
            let mut rest = path.iter();
            let mut next = None;
            for seg in rest.by_ref() {
                let mut m = cur.clone();
                m.push(seg.clone());
                if by_module.contains_key(&m) {
                    cur = m;
                } else {
                    next = Some(seg.clone());
                    break;
                }
            }
            match next.and_then(|n| reexports.get(&(cur.clone(), n))) {
                Some(target) => {
                    let mut t = target.clone();
                    t.extend(rest.cloned());
                    path = t;
                }
                None => return file_of(&cur),
            }
        }
        file_of(&path)
    };
    // Edges between files: (from, to) -> (line, the path as written).
    let mut edges: BTreeMap<(usize, usize), (usize, String)> = BTreeMap::new();
    for (k, (f, us)) in files.iter().zip(&uses).enumerate() {
        if f.module.is_empty() {
            continue; // lib.rs: the crate's front door
        }
        let folder_file = f.path.ends_with("/mod.rs");
        for u in us {
            if u.reexport && folder_file {
                continue; // a folder's mod.rs re-exporting its files does not use them
            }
            for p in &u.paths {
                let Some(abs) = absolute(&u.scope, p, &children[k]) else {
                    continue;
                };
                if let Some(to) = resolve(&abs) {
                    if to != k {
                        edges.entry((k, to)).or_insert((u.line, p.join("::")));
                    }
                }
            }
        }
    }
    if std::env::var_os("ARCH_REPORT").is_some() {
        report(&files, &edges);
    }
    let mut problems = Vec::new();
    let top = |k: usize| files[k].module.first().cloned().unwrap_or_default();
    for f in &files {
        if let Some(m) = f.module.first() {
            if level(m).is_none() {
                problems.push(format!(
                    "src/{}: the module `{m}` has no level in LEVELS",
                    f.path
                ));
            }
        }
    }
    // Upward uses.
    for (&(from, to), (line, path)) in &edges {
        let (a, b) = (top(from), top(to));
        if let (Some(la), Some(lb)) = (level(&a), level(&b)) {
            if lb > la {
                problems.push(format!(
                    "src/{}:{line}: `{path}`: {a} (level {la}) uses {b} (level {lb}), which is above it",
                    files[from].path
                ));
            }
        }
    }
    // Circles among top-level modules.
    let mut module_edges: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    for (&(from, to), &(line, _)) in &edges {
        let (a, b) = (top(from), top(to));
        if a != b && !b.is_empty() {
            module_edges.entry((a, b)).or_insert((from, line));
        }
    }
    let names: Vec<String> = module_edges
        .keys()
        .flat_map(|(a, b)| [a.clone(), b.clone()])
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    problems.extend(circle_problems(
        names.len(),
        |a, b| {
            let &(from, line) = module_edges.get(&(names[a].clone(), names[b].clone()))?;
            Some(format!(
                "{} -> {} (src/{}:{line})",
                names[a], names[b], files[from].path
            ))
        },
        |k| names[k].clone(),
        "top-level modules",
    ));
    // Circles among the files of one folder.
    let folder = |k: usize| {
        let p = &files[k].path;
        p.rfind('/').map(|s| p[..s].to_string())
    };
    let folders: BTreeSet<String> = (0..files.len()).filter_map(folder).collect();
    for dir in folders {
        let members: Vec<usize> = (0..files.len())
            .filter(|&k| folder(k).as_deref() == Some(&dir))
            .collect();
        problems.extend(circle_problems(
            members.len(),
            |a, b| {
                let (line, path) = edges.get(&(members[a], members[b]))?;
                let (from, to) = (&files[members[a]].path, &files[members[b]].path);
                Some(format!("src/{from}:{line} `{path}` -> src/{to}"))
            },
            |k| files[members[k]].path.clone(),
            &format!("the files of src/{dir}/"),
        ));
    }
    problems
}

/// The circles among `count` nodes, one problem each: `uses(a, b)` describes how `a` uses `b` (`None`:
/// it does not), `name` names a node, `what` says where the nodes are.
fn circle_problems(
    count: usize,
    uses: impl Fn(usize, usize) -> Option<String>,
    name: impl Fn(usize) -> String,
    what: &str,
) -> Vec<String> {
    let graph: Vec<Vec<usize>> = (0..count)
        .map(|a| {
            (0..count)
                .filter(|&b| a != b && uses(a, b).is_some())
                .collect()
        })
        .collect();
    circles(&graph)
        .into_iter()
        .map(|(cycle, part)| {
            let steps: Vec<String> = cycle
                .iter()
                .zip(cycle.iter().cycle().skip(1))
                .filter_map(|(&a, &b)| uses(a, b))
                .collect();
            let part: Vec<String> = part.into_iter().map(&name).collect();
            format!(
                "a circle among {what}: {} (all of {} reach each other)",
                steps.join(", "),
                part.join(", ")
            )
        })
        .collect()
}

/// Prints the graph (`ARCH_REPORT=1 cargo test --test architecture -- --nocapture`): which top-level
/// module uses which, with the number of uses, and within each folder which file uses which.
fn report(files: &[File], edges: &BTreeMap<(usize, usize), (usize, String)>) {
    let mut modules: BTreeMap<(String, String), usize> = BTreeMap::new();
    for &(from, to) in edges.keys() {
        let (a, b) = (&files[from].module, &files[to].module);
        match (a.first(), b.first()) {
            (Some(x), Some(y)) if x != y => {
                *modules.entry((x.clone(), y.clone())).or_default() += 1
            }
            (Some(_), Some(_)) if a.len() > 1 || b.len() > 1 => {
                println!("  src/{} -> src/{}", files[from].path, files[to].path);
            }
            _ => {}
        }
    }
    for ((a, b), n) in modules {
        println!("{a} -> {b} ({n} file pairs)");
    }
}

/// The child modules of a module.
fn children_of(by_module: &BTreeMap<Vec<String>, usize>, module: &[String]) -> BTreeSet<String> {
    by_module
        .keys()
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .filter_map(|m| m.last().cloned())
        .collect()
}

/// A path as written in `scope`, from the crate root (`None` for a path that leaves the crate).
fn absolute(scope: &[String], path: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String>;
    let mut rest = path;
    match first.as_str() {
        "crate" | "$crate" => {
            base = Vec::new();
            rest = &path[1..];
        }
        "self" => {
            base = scope.to_vec();
            rest = &path[1..];
        }
        "super" => {
            base = scope.to_vec();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        name if children.contains(name) => base = scope.to_vec(),
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "*").cloned());
    Some(base)
}

/// The circles of a directed graph: one per strongly connected part with more than one node, as a
/// closed walk through it and the part's nodes.
fn circles(graph: &[Vec<usize>]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let n = graph.len();
    let reach = |from: usize| {
        let mut seen = vec![false; n];
        let mut stack = vec![from];
        while let Some(a) = stack.pop() {
            for &b in &graph[a] {
                if !seen[b] {
                    seen[b] = true;
                    stack.push(b);
                }
            }
        }
        seen
    };
    let reaches: Vec<Vec<bool>> = (0..n).map(reach).collect();
    let mut done = vec![false; n];
    let mut out = Vec::new();
    for a in 0..n {
        if done[a] || !reaches[a][a] {
            continue;
        }
        // A shortest circle through `a` (breadth first), then mark its strongly connected part.
        let mut prev = vec![usize::MAX; n];
        let mut queue = std::collections::VecDeque::from([a]);
        let mut found = None;
        while let Some(x) = queue.pop_front() {
            for &y in &graph[x] {
                if y == a {
                    found = Some(x);
                    break;
                }
                if prev[y] == usize::MAX {
                    prev[y] = x;
                    queue.push_back(y);
                }
            }
            if found.is_some() {
                break;
            }
        }
        let mut walk = Vec::new();
        let mut x = found.unwrap_or(a);
        while x != a {
            walk.push(x);
            x = prev[x];
        }
        walk.push(a);
        walk.reverse();
        let part: Vec<usize> = (0..n).filter(|&b| reaches[a][b] && reaches[b][a]).collect();
        for &b in &part {
            done[b] = true;
        }
        out.push((walk, part));
    }
    out
}

/// Every `.rs` file under `dir`, with its path relative to `root`.
fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            read_tree(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p
                .strip_prefix(root)
                .expect("under src/")
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, fs::read_to_string(&p).expect("a source file is UTF-8")));
        }
    }
}

#[test]
fn src_is_a_one_way_stack_without_circles() {
    // `ARCH_SRC=path/to/src` checks another tree (e.g. an older commit's, to compare).
    let root = std::env::var_os("ARCH_SRC")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut sources = Vec::new();
    read_tree(&root, &root, &mut sources);
    assert!(sources.len() > 20, "src/ was read");
    let problems = check(&sources);
    assert!(
        problems.is_empty(),
        "the module stack is broken:\n{}",
        problems.join("\n")
    );
}

fn fixture(files: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    check(&sources)
}

/// The one problem the checker finds in a fixture (fails when it finds none or more).
fn one_problem(files: &[(&str, &str)]) -> String {
    let mut problems = fixture(files);
    assert_eq!(problems.len(), 1, "{problems:?}");
    problems.remove(0)
}

#[test]
fn the_checker_accepts_a_good_stack() {
    let problems = fixture(&[
        ("lib.rs", "mod player;\nmod engine;\npub mod bot;\npub use bot::Bot;\n"),
        ("player.rs", "pub enum Player { Red, Blue }\n"),
        ("engine.rs", "use crate::player::Player;\n// use crate::bot::Bot; (a comment)\nconst S: &str = \"crate::bot::Bot\";\n"),
        ("bot/mod.rs", "mod search;\nmod core;\npub use core::Bot;\npub use search::Plan;\n"),
        ("bot/core.rs", "use crate::{engine, player::Player};\npub struct Bot;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
        ("bot/search.rs", "use super::Bot;\nfn f(b: &Bot) -> crate::player::Player { todo!() }\n"),
    ]);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn the_checker_finds_an_upward_use_in_a_grouped_use() {
    let problem = one_problem(&[
        ("lib.rs", "mod player;\nmod engine;\nmod bot;\n"),
        ("player.rs", "pub enum Player { Red, Blue }\n"),
        (
            "engine.rs",
            "use crate::{\n    player::Player,\n    bot::{Bot, Level as L},\n};\n",
        ),
        ("bot.rs", "pub struct Bot;\n"),
    ]);
    assert!(
        problem
            .starts_with("src/engine.rs:1: `crate::bot::Bot`: engine (level 2) uses bot (level 6)"),
        "{problem}"
    );
}

#[test]
fn the_checker_finds_an_upward_path_in_code_and_a_circle_of_modules() {
    let problems = fixture(&[
        ("lib.rs", "mod engine;\nmod record;\nmod player;\n"),
        ("player.rs", "pub struct Player;\n"),
        ("engine.rs", "pub trait Engine {\n    fn to_record(&self) -> String {\n        crate::record::write(self)\n    }\n}\n"),
        ("record.rs", "use crate::engine::Engine;\npub fn write<E: Engine + ?Sized>(_: &E) -> String { String::new() }\n"),
    ]);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("src/engine.rs:3: `crate::record::write`")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with("a circle among top-level modules: engine -> record (src/engine.rs:3), record -> engine (src/record.rs:1)")),
        "{problems:?}"
    );
}

#[test]
fn the_checker_finds_a_circle_among_the_files_of_a_folder() {
    let problem = one_problem(&[
        ("lib.rs", "pub mod zola;\nmod player;\nmod engine;\n"),
        ("player.rs", "pub struct Player;\n"),
        ("engine.rs", "pub trait Engine {}\n"),
        ("zola/mod.rs", "mod game;\nmod state;\npub use game::{Game, Phase};\npub use state::GameState;\n"),
        ("zola/game.rs", "use super::state::GameState;\nuse crate::engine::Engine;\npub struct Game;\npub enum Phase { Move }\n"),
        ("zola/state.rs", "//! The state.\n\nuse super::Phase;\npub struct GameState { phase: Phase }\n"),
    ]);
    assert!(
        problem.starts_with("a circle among the files of src/zola/:"),
        "{problem}"
    );
    assert!(
        problem.contains("src/zola/state.rs:3 `super::Phase` -> src/zola/game.rs"),
        "{problem}"
    );
}

#[test]
fn the_checker_follows_child_paths_in_a_folder_file() {
    // bot/mod.rs's own code uses its file `search`, which uses mod.rs: a circle.
    let problem = one_problem(&[
        ("lib.rs", "pub mod bot;\n"),
        (
            "bot/mod.rs",
            "mod search;\npub struct Bot { plan: Option<search::Plan> }\n",
        ),
        ("bot/search.rs", "pub struct Plan;\nimpl super::Bot {}\n"),
    ]);
    assert!(
        problem.contains("src/bot/mod.rs:2 `search::Plan` -> src/bot/search.rs"),
        "{problem}"
    );
}

#[test]
fn the_checker_names_a_module_without_a_level() {
    let problems = fixture(&[("lib.rs", "mod extra;\n"), ("extra.rs", "pub struct X;\n")]);
    assert_eq!(
        problems,
        ["src/extra.rs: the module `extra` has no level in LEVELS"]
    );
}
