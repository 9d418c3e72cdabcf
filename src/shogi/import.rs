//! The import page (`#/shogi/import`): a KIF or SFEN record pasted or
//! chosen as a file (UTF-8, or Shift_JIS as most Japanese Shogi programs
//! write `.kif`), read through [`record_io`], then replayed or played
//! on from its last position against the CPU (the player picks the side)
//! or with a friend. A text that does not read gets one sentence saying
//! where reading stopped; the stored game is only replaced once a record
//! has read, and a game in progress only after asking.

use std::cell::RefCell;

use leptos::prelude::*;
use shogi_rules::{Color, Game, KifHeader};

use crate::i18n::*;
use crate::model::fresh_seed;
use crate::route::{Route, ShogiPage, navigate};
use crate::screens::replace::ReplaceGame;
use crate::shogi::new_game::stored_in_progress;
use crate::shogi::record_io::{ImportError, Problem, import};
use crate::shogi::session::{Opponent, Session};
use crate::shogi::settings::Level;
use crate::state::AppState;
use crate::storage;
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// The record read last and its header, for the replay page (kept
    /// until the next).
    static IMPORTED: RefCell<Option<(Game, KifHeader)>> = const { RefCell::new(None) };
}

/// The record read last on this page and its header, if any.
pub fn imported() -> Option<(Game, KifHeader)> {
    IMPORTED.with(|i| i.borrow().clone())
}

/// Makes `game` under `header` the record the replay page shows (a
/// review link's too).
pub fn set_imported(game: Game, header: KifHeader) {
    IMPORTED.with(|i| *i.borrow_mut() = Some((game, header)));
}

/// The text of the record file chosen in `input`.
async fn chosen_record(input: &web_sys::HtmlInputElement) -> Option<String> {
    let file = input.files()?.get(0)?;
    let buffer = JsFuture::from(file.array_buffer()).await.ok()?;
    decode_record(&js_sys::Uint8Array::new(&buffer).to_vec())
}

/// A record file's bytes as text: UTF-8 when they are (what we write, with
/// or without a byte-order mark), else Shift_JIS, decoded by the browser
/// (a byte that is not Shift_JIS becomes U+FFFD, and reading then stops
/// where it stands, with the usual sentence).
fn decode_record(bytes: &[u8]) -> Option<String> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Some(text.strip_prefix('\u{feff}').unwrap_or(text).to_owned()),
        Err(_) => web_sys::TextDecoder::new_with_label("shift_jis")
            .ok()?
            .decode_with_u8_array(bytes)
            .ok(),
    }
}

/// Where reading stopped, in one sentence.
fn error_text(locale: Locale, e: &ImportError) -> String {
    let line = e.line;
    match &e.problem {
        Problem::Empty => locale.pages().shogi.import_empty.to_owned(),
        Problem::NotARecord => td_string!(locale, shogi.import_not_record, line = line),
        Problem::Start => td_string!(locale, shogi.import_bad_start, line = line),
        Problem::Move { ply, text } => {
            td_string!(
                locale,
                shogi.import_bad_move,
                line = line,
                ply = ply,
                text = text
            )
        }
        Problem::AfterEnd { ply } => {
            td_string!(locale, shogi.import_after_end, line = line, ply = ply)
        }
    }
}

pub fn side_name(locale: Locale, side: Color) -> &'static str {
    let s = &locale.pages().shogi;
    match side {
        Color::Sente => s.sente,
        Color::Gote => s.gote,
    }
}

/// A game from the import, as it will be played on against `opponent`
/// at the CPU's `level`, its players those the record named; with a
/// friend, the player is Sente whatever `you` says.
fn play_on(
    (game, header): (&Game, KifHeader),
    opponent: Opponent,
    you: Color,
    level: Level,
) -> Session {
    let you = if opponent == Opponent::Friend {
        Color::Sente
    } else {
        you
    };
    Session::from_game(game.clone(), you, level, fresh_seed(), opponent).with_header(header)
}

#[component]
pub fn ShogiImport() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let text = RwSignal::new(String::new());
    let read = RwSignal::new(None::<Result<Game, ImportError>>);
    let replacing = RwSignal::new(None::<(Session, usize)>);
    // The record that read, and its header.
    let record = move || match read.get_untracked() {
        Some(Ok(game)) => Some((game, KifHeader::read(&text.get_untracked()))),
        _ => None,
    };
    let commit = Callback::new(move |session: Session| {
        state.report(storage::save(&session.saved()));
        navigate(Route::Shogi(ShogiPage::Play));
    });
    let choose = Callback::new(move |(opponent, you)| {
        let Some((game, header)) = record() else {
            return;
        };
        let level = state.shogi.with_untracked(|s| s.level);
        let session = play_on((&game, header), opponent, you, level);
        match stored_in_progress() {
            Some(ply) => replacing.set(Some((session, ply))),
            None => commit.run(session),
        }
    });
    let replay = Callback::new(move |()| {
        if let Some((game, header)) = record() {
            set_imported(game, header);
            navigate(Route::Shogi(ShogiPage::Replay));
        }
    });
    let outcome = move || {
        read.get().map(|result| match result {
            Err(e) => view! {
                <p role="alert" class="refused import-error">{error_text(i18n.get_locale(), &e)}</p>
            }
            .into_any(),
            Ok(game) => view! { <ImportRead game choose replay /> }.into_any(),
        })
    };
    let on_keep = Callback::new(move |()| replacing.set(None));
    view! {
        <section class="shogi-import" aria-labelledby="shogi-import-title">
            <h2 id="shogi-import-title">{t!(i18n, shogi.import_title)}</h2>
            <p>{t!(i18n, shogi.import_about)}</p>
            <RecordForm text read />
            {outcome}
            {move || replacing.get().map(|(session, ply)| view! { <ReplaceStored session ply commit on_keep /> })}
        </section>
    }
}

/// The record pasted into `text` or chosen as a file; reading it (on
/// submit, or once a file is chosen) sets `read`.
#[component]
fn RecordForm(
    text: RwSignal<String>,
    read: RwSignal<Option<Result<Game, ImportError>>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let read_text = move || read.set(Some(import(&text.get_untracked())));
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        leptos::task::spawn_local(async move {
            match chosen_record(&input).await {
                Some(contents) => {
                    text.set(contents);
                    read_text();
                }
                None => read.set(Some(Err(ImportError {
                    line: 1,
                    problem: Problem::NotARecord,
                }))),
            }
            input.set_value("");
        });
    };
    view! {
        <form on:submit=move |ev| {
            ev.prevent_default();
            read_text();
        }>
            <label class="field">
                <span>{t!(i18n, shogi.import_text)}</span>
                <textarea
                    name="record"
                    rows="8"
                    spellcheck="false"
                    prop:value=text
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
            </label>
            <label class="field">
                <span>{t!(i18n, shogi.import_file)}</span>
                <input type="file" accept=".kif,.kifu,.sfen,.txt,text/plain" on:change=on_file />
            </label>
            <button type="submit" class="primary read-record">{t!(i18n, shogi.import_read)}</button>
        </form>
    }
}

/// Asks before the imported game replaces the stored one in progress
/// (`ply` moves in): yes `commit`s the new `session`.
#[component]
fn ReplaceStored(
    session: Session,
    ply: usize,
    commit: Callback<Session>,
    on_keep: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let session = StoredValue::new(session);
    view! {
        <ReplaceGame
            question=Signal::derive(move || t_string!(i18n, shogi.replace_question, ply = ply))
            on_yes=Callback::new(move |()| commit.run(session.get_value()))
            on_keep
        />
    }
}

/// What a record that read holds, and what can be done with it: replay
/// it, or (unless it is over) play on against the CPU as either side or
/// with a friend.
#[component]
fn ImportRead(
    game: Game,
    choose: Callback<(Opponent, Color)>,
    replay: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let locale = i18n.get_locale();
    let moves = game.moves().len();
    let turn = game.position().turn();
    let over = game.outcome().is_some();
    let said = if over {
        td_string!(locale, shogi.import_ok_over, moves = moves)
    } else {
        td_string!(
            locale,
            shogi.import_ok,
            moves = moves,
            side = side_name(locale, turn)
        )
    };
    let cpu = move |you: Color| {
        view! {
            <button type="button" class="secondary play-on" on:click=move |_| choose.run((Opponent::Cpu, you))>
                {move || td_string!(i18n.get_locale(), shogi.continue_as, side = side_name(i18n.get_locale(), you))}
            </button>
        }
    };
    view! {
        <p role="status" class="import-ok">{said}</p>
        <div class="actions">
            <button type="button" class="primary replay-it" on:click=move |_| replay.run(())>{t!(i18n, shogi.replay_it)}</button>
            <Show when=move || !over>
                {cpu(turn)}
                {cpu(!turn)}
                <button type="button" class="secondary play-on-friend" on:click=move |_| choose.run((Opponent::Friend, turn))>
                    {t!(i18n, shogi.continue_friend)}
                </button>
            </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use shogi_rules::Position;

    use super::*;

    #[test]
    fn an_imported_game_is_played_on_as_chosen_with_a_friend_from_sente() {
        let game = Game::new(Position::start());
        let header = KifHeader::default();
        let cpu = play_on(
            (&game, header.clone()),
            Opponent::Cpu,
            Color::Gote,
            Level::Novice,
        );
        assert_eq!(
            (cpu.you(), cpu.opponent(), cpu.level()),
            (Color::Gote, Opponent::Cpu, Level::Novice)
        );
        let friend = play_on(
            (&game, header),
            Opponent::Friend,
            Color::Gote,
            Level::Novice,
        );
        assert_eq!(
            (friend.you(), friend.opponent()),
            (Color::Sente, Opponent::Friend)
        );
        assert_eq!(friend.game().moves(), game.moves());
    }
}
