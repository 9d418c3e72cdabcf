//! `#/learn/<course>/<step>`: what to do, the task (a board, a question or
//! a real game), the answer to each try, and Next once it is done.

use leptos::prelude::*;
use lessons::{Course, Game, Lesson, Step, Task, Verdict};

use super::gunjin::GunjinTask;
use super::shogi::ShogiTask;
use super::{complete, step_route, step_words, ui, use_progress, words};
use crate::i18n::*;
use crate::model::settings;
use crate::route::{Route, ShogiPage, navigate};
use crate::shogi::settings::Level;
use crate::state::AppState;

#[component]
pub fn StepPage(course: &'static Course, index: usize) -> impl IntoView {
    let i18n = use_i18n();
    let progress = use_progress();
    let step = &course.steps[index];
    let lesson = RwSignal::new(Lesson::new(step));
    let verdict = RwSignal::new(None::<Verdict>);
    let answer = Callback::new(move |v: Verdict| {
        verdict.set(Some(v));
        if v == Verdict::Done {
            complete(progress, course, step);
        }
    });
    let text =
        move |field: &'static str| move || step_words(i18n.get_locale(), course, step, field);
    let course_title = move || words(i18n.get_locale(), &format!("{}.title", course.id));
    let total = course.steps.len();
    let task = match step.task {
        Task::Gunjin { reveal, .. } => view! { <GunjinTask lesson reveal answer /> }.into_any(),
        Task::Shogi { goals, .. } => view! { <ShogiTask lesson goals answer /> }.into_any(),
        Task::Question { choices, .. } => view! {
            <GunjinTask lesson reveal=false answer still=true />
            <Question course step lesson choices answer />
        }
        .into_any(),
        Task::Play(game) => view! { <PlayLink game answer /> }.into_any(),
    };
    let done =
        move || verdict.get() == Some(Verdict::Done) || progress.with(|p| p.is_done(course, step));
    view! {
        <section class="learn lesson" data-step=step.id>
            <p class="lesson-course">
                <a href=Route::Learn(String::new()).hash()>{ui(i18n, "all_lessons")}</a>
                " · " {course_title} " · "
                {move || fill(words(i18n.get_locale(), "ui.step_of"), &[("n", &(index + 1)), ("total", &total)])}
            </p>
            <h1>{text("title")}</h1>
            <p class="lesson-text">{text("text")}</p>
            {task}
            <p class="lesson-verdict" role="status" aria-live="polite">
                {move || verdict.get().map(|v| verdict_text(i18n.get_locale(), course, step, v))}
            </p>
            <Show when=done>
                <NextStep course index />
            </Show>
        </section>
    }
}

/// What the page says to a try.
fn verdict_text(locale: Locale, course: &Course, step: &Step, verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Done => words(locale, "ui.well_done"),
        Verdict::Continue => words(locale, "ui.good_go_on"),
        Verdict::Wrong(reason) => match reason.key() {
            Some(key) => words(locale, &format!("why.{key}")),
            None => step_words(locale, course, step, "hint"),
        },
    }
}

/// The way on: the next step, or back to the list at the course's end.
#[component]
fn NextStep(course: &'static Course, index: usize) -> impl IntoView {
    let i18n = use_i18n();
    match course.steps.get(index + 1) {
        Some(next) => view! {
            <a class="button primary lesson-next" href=step_route(course, next).hash()>
                {ui(i18n, "next")}
            </a>
        }
        .into_any(),
        None => view! {
            <p class="lesson-course-done">{ui(i18n, "course_done")}</p>
            <a class="button primary lesson-next" href=Route::Learn(String::new()).hash()>
                {ui(i18n, "all_lessons")}
            </a>
        }
        .into_any(),
    }
}

/// A question's choices, each a button.
#[component]
fn Question(
    course: &'static Course,
    step: &'static Step,
    lesson: RwSignal<Lesson>,
    choices: u8,
    answer: Callback<Verdict>,
) -> impl IntoView {
    let i18n = use_i18n();
    let buttons = (1..=choices)
        .map(|n| {
            let field = format!("choice_{n}");
            let label = move || step_words(i18n.get_locale(), course, step, &field);
            let choose = move |_| {
                if let Some(verdict) = lesson.try_update(|l| l.answer(n)) {
                    answer.run(verdict);
                }
            };
            view! { <button type="button" class="secondary lesson-choice" on:click=choose>{label}</button> }
        })
        .collect_view();
    view! { <div class="lesson-choices">{buttons}</div> }
}

/// A real game against the CPU at the newcomer's level; the step is done
/// once the player goes.
#[component]
fn PlayLink(game: Game, answer: Callback<Verdict>) -> impl IntoView {
    let i18n = use_i18n();
    let app = expect_context::<AppState>();
    let label = match game {
        Game::Gunjin => ui(i18n, "play_gunjin"),
        Game::Shogi => ui(i18n, "play_shogi"),
    };
    let start = move |_| {
        answer.run(Verdict::Done);
        match game {
            Game::Gunjin => {
                app.saved
                    .update(|s| s.settings.difficulty = settings::Level::Easy);
                navigate(Route::Setup);
            }
            Game::Shogi => {
                app.shogi.update(|s| s.level = Level::Beginner);
                navigate(Route::Shogi(ShogiPage::New));
            }
        }
    };
    view! { <button type="button" class="primary lesson-play" on:click=start>{label}</button> }
}
