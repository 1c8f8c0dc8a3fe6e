//! Finding and running the FPGA tools.
//!
//! [`ToolRunner`] runs every tool in the build directory, appends the command line to
//! `commands.sh` *before* running it (so a failing run can be replayed with `sh commands.sh`)
//! and a comment with its exit status and run time after, sends stdout and stderr to
//! `<step>.log`, and turns a non-zero exit status into an error that quotes the end of the log.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};

/// Name of the script of recorded commands in the build directory.
pub const COMMANDS_FILE: &str = "commands.sh";

/// Lines of a failing tool's log quoted in the error.
const LOG_TAIL_LINES: usize = 25;

/// Looks for an executable `name` in each of `dirs`, then on `PATH`.
pub fn find_tool(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    let path_dirs = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    dirs.iter()
        .chain(path_dirs.iter())
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// The first line `program --version` prints that names a version (YoWASP tools print a
/// "Preparing to run" line first), or `unknown`.
pub fn version_line(program: &Path) -> String {
    std::process::Command::new(program)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            text.lines()
                .map(str::trim)
                .find(|l| l.contains("Version") || l.contains("version") || l.starts_with("Yosys"))
                .map(str::to_string)
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// Finds `name` on `PATH`, or fails with a message naming it and how to install it.
pub fn require_on_path(name: &str, install_hint: &str) -> Result<PathBuf> {
    find_tool(name, &[]).with_context(|| format!("`{name}` not found on PATH ({install_hint})"))
}

/// Quotes a word for `sh` when it needs it.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:+,@%".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Outcome of one tool run.
#[derive(Debug)]
pub struct ToolRun {
    /// The tool exited with status 0.
    pub success: bool,
    /// Exit status for messages (`exit status: 1`, `signal: 9`, ...).
    pub status: String,
    /// The log holding stdout and stderr.
    pub log: PathBuf,
    pub seconds: f64,
}

impl ToolRun {
    /// The log's last lines.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(LOG_TAIL_LINES)..].join("\n")
    }
}

/// Runs tools in a build directory, recording them in `commands.sh`.
#[derive(Debug)]
pub struct ToolRunner {
    dir: PathBuf,
    script: PathBuf,
    seconds: f64,
}

impl ToolRunner {
    /// Starts a fresh `commands.sh` in `dir` (created if needed); `title` goes in its header.
    pub fn new(dir: &Path, title: &str) -> Result<ToolRunner> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create build directory {}", dir.display()))?;
        let script = dir.join(COMMANDS_FILE);
        let header = format!(
            "#!/bin/sh\n# {title}\n# Commands run by boardgate, in order; replay with `sh {COMMANDS_FILE}`.\n\
             set -e\ncd \"$(dirname \"$0\")\"\n"
        );
        std::fs::write(&script, header)
            .with_context(|| format!("cannot write {}", script.display()))?;
        Ok(ToolRunner {
            dir: dir.to_path_buf(),
            script,
            seconds: 0.0,
        })
    }

    /// The build directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Total wall time of the tools run so far.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Runs `program args` in the build directory with output to `<step>.log`, and returns
    /// whatever its exit status. Fails only when it cannot be recorded or started.
    pub fn run_unchecked(
        &mut self,
        step: &str,
        program: &Path,
        args: &[String],
    ) -> Result<ToolRun> {
        let log_name = format!("{step}.log");
        let log = self.dir.join(&log_name);
        let line = std::iter::once(program.to_string_lossy().into_owned())
            .chain(args.iter().cloned())
            .map(|w| shell_quote(&w))
            .collect::<Vec<_>>()
            .join(" ");
        let mut script = OpenOptions::new()
            .append(true)
            .open(&self.script)
            .with_context(|| format!("cannot open {}", self.script.display()))?;
        writeln!(script, "{line} > {} 2>&1", shell_quote(&log_name))
            .and_then(|_| script.sync_data())
            .with_context(|| format!("cannot write {}", self.script.display()))?;

        let out = File::create(&log).with_context(|| format!("cannot create {}", log.display()))?;
        let err = out
            .try_clone()
            .with_context(|| format!("cannot share {}", log.display()))?;
        let start = Instant::now();
        let status = Command::new(program)
            .args(args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .status()
            .with_context(|| format!("cannot start `{}` ({step})", program.display()))?;
        let seconds = start.elapsed().as_secs_f64();
        self.seconds += seconds;
        writeln!(script, "# {step}: {status} after {seconds:.1} s")
            .with_context(|| format!("cannot write {}", self.script.display()))?;
        Ok(ToolRun {
            success: status.success(),
            status: status.to_string(),
            log,
            seconds,
        })
    }

    /// Like [`ToolRunner::run_unchecked`], but a non-zero exit status is an error quoting the
    /// end of the log.
    pub fn run(&mut self, step: &str, program: &Path, args: &[String]) -> Result<ToolRun> {
        let run = self.run_unchecked(step, program, args)?;
        if !run.success {
            bail!(
                "{step} (`{}`) failed with {}; log {}:\n{}",
                program.display(),
                run.status,
                run.log.display(),
                run.log_tail()
            );
        }
        Ok(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(shell_quote("top.json"), "top.json");
        assert_eq!(shell_quote("--freq=60"), "--freq=60");
        assert_eq!(
            shell_quote("read_verilog top.v; synth"),
            "'read_verilog top.v; synth'"
        );
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn runner_records_logs_and_fails_on_status() {
        let dir = std::env::temp_dir().join(format!("board-common-tools-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut r = ToolRunner::new(&dir, "test").unwrap();
        let sh = find_tool("sh", &[]).expect("sh on PATH");
        let ok = r
            .run(
                "hello",
                &sh,
                &["-c".into(), "echo out; echo err >&2".into()],
            )
            .unwrap();
        assert!(ok.success);
        let log = std::fs::read_to_string(dir.join("hello.log")).unwrap();
        assert!(log.contains("out") && log.contains("err"));
        let e = r
            .run("broken", &sh, &["-c".into(), "echo oops; exit 3".into()])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("broken") && e.contains("oops") && e.contains('3'),
            "{e}"
        );
        let script = std::fs::read_to_string(dir.join(COMMANDS_FILE)).unwrap();
        assert!(script.contains("-c 'echo out; echo err >&2' > hello.log 2>&1"));
        assert!(script
            .contains("-c 'echo oops; exit 3' > broken.log 2>&1\n# broken: exit status: 3 after "));
        assert!(r.seconds() > 0.0);
        let missing = r.run("none", Path::new("/nonexistent/tool"), &[]);
        assert!(missing
            .unwrap_err()
            .to_string()
            .contains("/nonexistent/tool"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_tool_is_named() {
        let e = require_on_path("no-such-tool-xyz", "apt-get install nothing")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`no-such-tool-xyz` not found on PATH (apt-get install nothing)"));
    }
}
