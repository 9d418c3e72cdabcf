//! `#/learn`: every course with how far the player got, a way to go on,
//! and each step as a link.

use leptos::prelude::*;
use lessons::{COURSES, Course};

use super::{step_route, step_words, ui, use_progress, words};
use crate::i18n::*;
use crate::model::lessons::LessonProgress;
use crate::route::Route;

#[component]
pub fn CourseList() -> impl IntoView {
    let i18n = use_i18n();
    let progress = use_progress();
    let courses = COURSES
        .iter()
        .map(|course| view! { <CourseCard course progress /> })
        .collect_view();
    view! {
        <section class="learn">
            <h1>{ui(i18n, "title")}</h1>
            <p>{ui(i18n, "intro")}</p>
            {courses}
            <PuzzlesCard />
        </section>
    }
}

/// The puzzles from the player's own reviewed games, beside the courses.
#[component]
fn PuzzlesCard() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <article class="course" data-course="puzzles">
            <h2>{t!(i18n, review.puzzles_title)}</h2>
            <p>{t!(i18n, review.puzzles_intro)}</p>
            <a class="button primary" href=Route::Puzzles.hash()>{t!(i18n, review.puzzles_open)}</a>
        </article>
    }
}

#[component]
fn CourseCard(course: &'static Course, progress: RwSignal<LessonProgress>) -> impl IntoView {
    let i18n = use_i18n();
    let text = move |field: &str| words(i18n.get_locale(), &format!("{}.{field}", course.id));
    let done = move || progress.with(|p| p.count(course));
    let total = course.steps.len();
    let go_on = move || {
        let next = progress.with(|p| p.next(course));
        step_route(course, next).hash()
    };
    let go_on_label = move || match done() {
        0 => words(i18n.get_locale(), "ui.start"),
        _ => words(i18n.get_locale(), "ui.resume"),
    };
    let steps = course
        .steps
        .iter()
        .map(|step| {
            let is_done = move || progress.with(|p| p.is_done(course, step));
            view! {
                <li class:done=is_done>
                    <a href=step_route(course, step).hash()>
                        {move || step_words(i18n.get_locale(), course, step, "title")}
                    </a>
                    <Show when=is_done>
                        <span class="step-done">" ✓ " {ui(i18n, "step_done")}</span>
                    </Show>
                </li>
            }
        })
        .collect_view();
    view! {
        <article class="course" data-course=course.id>
            <h2>{move || text("title")}</h2>
            <p>{move || text("intro")}</p>
            <p class="course-progress">
                {move || fill(words(i18n.get_locale(), "ui.progress"), &[("done", &done()), ("total", &total)])}
            </p>
            <a class="button primary" href=go_on>{go_on_label}</a>
            <ol class="course-steps">{steps}</ol>
        </article>
    }
}
