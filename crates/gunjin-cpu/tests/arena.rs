//! The arena against faulty outside bots: each fault costs the bot the
//! game, never the match; a bot's rule codes are checked up front.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// A fake bot (a shell script) that shakes hands as `faulty-<mode>`,
/// playing only `htsrf`, sets up, and then fails at its first `go` by
/// `mode`: `error`, `hang`, `exit`, `illegal` or `garbage` (a line that is
/// no reply). `once` exits there too, and then at every later handshake
/// (it finds the file given as its second argument): it cannot be
/// started again. `legal` asks for `legal` lines (`id wants legal`) and
/// plays the first move of each, or `bestmove none` without one;
/// `late` plays like `legal` and exits at `result`, once the game is over;
/// `typo` declares a code that is none (`id rules htsrf htsfr`);
/// `resign` answers `error` to a `legal` line (it did not ask) and
/// `bestmove none` to `go`.
const FAULTY: &str = r#"
mode=$1
marker=$2
while read -r line; do
  case "$line" in
    gsp) if [ "$mode" = once ]; then [ -e "$marker" ] && exit 1; : > "$marker"; fi
         echo "id name faulty-$mode"
         if [ "$mode" = typo ]; then echo "id rules htsrf htsfr"; else echo "id rules htsrf"; fi
         case $mode in legal|late) echo "id wants legal";; esac
         echo gspok;;
    setup) echo "setup VEASTN/OPNCLT/EYFAJS/PGXMX";;
    isready) echo readyok;;
    legal*) [ "$mode" = resign ] && echo "error no legal line was asked for"
            set -- $line; first=$2;;
    go*) case $mode in
           error) echo "error cannot think";;
           hang) sleep 2;;
           exit|once) exit 0;;
           illegal) echo "bestmove a1-a2";;
           garbage) echo "bestmove banana";;
           legal|late) echo "bestmove ${first:-none}"; first=;;
           resign) echo "bestmove none";;
         esac;;
    result*) [ "$mode" = late ] && exit 0;;
    quit) exit 0;;
  esac
done
"#;

/// The fake bot's script, written once (a shell reads a script as it
/// runs it: rewriting it under a running bot would garble that bot).
fn script() -> &'static PathBuf {
    static SCRIPT: OnceLock<PathBuf> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let name = format!("gunjin-faulty-bot-{}.sh", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, FAULTY).expect("the fake bot written");
        path
    })
}

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["--games", "2", "--think-ms", "50", "--grace-ms", "300"])
        .args(args)
        .output()
        .expect("the arena runs")
}

fn faulty(mode: &str) -> String {
    format!("cmd:sh {} {mode}", script().display())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_fault_costs_the_bot_the_game_and_the_match_goes_on() {
    for (mode, counted) in [
        ("error", "error 2"),
        ("hang", "timeout 2"),
        ("exit", "closed 2"),
        ("garbage", "garbled 2"),
    ] {
        let records =
            std::env::temp_dir().join(format!("gunjin-faults-{mode}-{}.txt", std::process::id()));
        let output = arena(&[
            "--a",
            "random",
            "--b",
            &faulty(mode),
            "--records",
            records.to_str().expect("a path"),
        ]);
        let out = stdout(&output);
        // Each game's line names the fault that decided it.
        let written = std::fs::read_to_string(&records).expect("the records");
        let _ = std::fs::remove_file(&records);
        let kind = counted.split(' ').next().expect("a kind");
        let line = format!("random won (resignation, a fault of faulty-{mode}: {kind}): ");
        assert_eq!(written.matches(&line).count(), 2, "{written}");
        assert!(output.status.success(), "{mode}: {out}");
        assert!(out.contains("random wins 2, draws 0"), "{mode}: {out}");
        // Counted once: a bot that lost by a fault is not told the result.
        let line = format!("faults faulty-{mode}: 2 games lost ({counted})\n");
        assert!(out.contains(&line), "{mode}: {out}");
    }
}

#[test]
fn an_illegal_move_stops_the_match_unless_it_counts_as_a_loss() {
    let output = arena(&["--a", "random", "--b", &faulty("illegal")]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("illegal move a1-a2"));
    let output = arena(&[
        "--a",
        "random",
        "--b",
        &faulty("illegal"),
        "--illegal-loses",
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("2 games lost (illegal move 2)\n"), "{out}");
}

#[test]
fn a_bot_that_plays_other_rules_is_refused_up_front() {
    let output = arena(&["--a", "random", "--b", &faulty("error"), "--rules", "texrt"]);
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("plays the rules htsrf only, not texrt"),
        "{err}"
    );
    // A mode is part of the code: htsrf is not Classic 25's c25-htsrf.
    let output = arena(&["--a", "random", "--b", &faulty("error"), "--mode", "c25"]);
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("plays the rules htsrf only, not c25-htsrf"),
        "{err}"
    );
    assert!(!stdout(&output).contains("wins"), "no game is played");
    // A declared code the arena cannot read is pointed out.
    let output = arena(&["--a", "random", "--b", &faulty("typo"), "--rules", "texrt"]);
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("(\"htsfr\" is no rule code)"), "{err}");
}

#[test]
fn our_bot_plays_through_the_protocol_with_legal_lines_names_and_records() {
    let records = std::env::temp_dir().join(format!("gunjin-records-{}.txt", std::process::id()));
    let bot = format!("cmd:{} --level random --seed 3", env!("CARGO_BIN_EXE_bot"));
    let output = arena(&[
        "--a",
        "greedy",
        "--b",
        &bot,
        "--b-name",
        "outsider",
        "--legal",
        "--records",
        records.to_str().expect("a path"),
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("vs outsider"), "{out}");
    assert!(!out.contains("faults outsider"), "{out}");
    let written = std::fs::read_to_string(&records).expect("the records");
    assert_eq!(written.lines().count(), 2, "{written}");
    assert!(written.starts_with("game 1: "), "{written}");
}

#[test]
fn a_bot_that_cannot_be_restarted_forfeits_its_games_and_the_match_goes_on() {
    let marker = std::env::temp_dir().join(format!("gunjin-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let bot = format!("{} {}", faulty("once"), marker.display());
    let output = arena(&["--a", "random", "--b", &bot, "--games", "3"]);
    let _ = std::fs::remove_file(&marker);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("random wins 3, draws 0"), "{out}");
    assert!(
        out.contains("faults faulty-once: 3 games lost (closed 3)\n"),
        "{out}"
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("it forfeits the next game"), "{err}");
}

#[test]
fn a_bot_that_asks_for_legal_lines_gets_them_and_others_do_not() {
    // It plays only moves from its legal lines: whole games, no fault.
    let output = arena(&["--a", "random", "--b", &faulty("legal")]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(!out.contains("faults faulty"), "{out}");
    assert!(!out.contains("mean game length 0.0"), "{out}");
    // `resign` does not ask, answers `error` to a legal line and resigns
    // at `go`: it is sent none, so it loses by resignation, no fault.
    let output = arena(&["--a", "random", "--b", &faulty("resign")]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("random wins 2, draws 0"), "{out}");
    assert!(out.contains("resignation 2"), "{out}");
    assert!(!out.contains("faults faulty"), "{out}");
}

#[test]
fn a_fault_once_the_game_is_over_changes_no_result() {
    let output = arena(&["--a", "random", "--b", &faulty("late")]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    // Restarted after each game, reported, but no game is lost by it.
    assert!(
        out.contains("faults faulty-late: 2 after a game was over (closed 2)"),
        "{out}"
    );
    assert!(out.contains("\"b_faults\":0"), "{out}");
    assert!(!out.contains("resignation"), "{out}");
}

#[test]
fn every_ending_is_reported_in_classic_25_too() {
    let output = arena(&[
        "--a", "greedy", "--b", "random", "--mode", "c25", "--games", "4",
    ]);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("endings: "))
        .expect("the endings");
    let names = [
        "headquarters taken",
        "marshal taken",
        "no legal move",
        "resignation",
        "move limit",
        "no officers",
        "repetition",
    ];
    let count = |name: &str| -> usize {
        line.split_once(&format!("{name} "))
            .and_then(|(_, rest)| rest.split([' ', ',']).next()?.parse().ok())
            .unwrap_or(0)
    };
    let total: usize = names.iter().map(|n| count(n)).sum();
    assert_eq!(total, 4, "{line}");
}
