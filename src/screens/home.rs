use gunjin_rules::{Preset, View};
use leptos::prelude::*;

use crate::i18n::*;
use crate::model::settings::{Difficulty, preset_id};
use crate::route::{Route, navigate};
use crate::state::AppState;

/// Name, level and rules, then one click to play.
#[component]
pub fn Home() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let saved = state.saved;
    let difficulty = move || saved.with(|s| s.settings.difficulty);
    let preset = move || saved.with(|s| s.settings.preset);
    let level_name = move |d: Difficulty| match d {
        Difficulty::Easy => t_string!(i18n, common.level_easy),
        Difficulty::Normal => t_string!(i18n, common.level_normal),
        Difficulty::Hard => t_string!(i18n, common.level_hard),
    };
    let preset_name = move |p: Preset| match p {
        Preset::Kirakuken => t_string!(i18n, common.preset_kirakuken),
        Preset::Traditional => t_string!(i18n, common.preset_traditional),
    };
    let levels = Difficulty::ALL
        .into_iter()
        .map(|d| {
            view! {
                <label class="choice">
                    <input
                        type="radio"
                        name="level"
                        value=d.id()
                        prop:checked=move || difficulty() == d
                        on:change=move |_| saved.update(|s| s.settings.difficulty = d)
                    />
                    <span>{move || level_name(d)}</span>
                </label>
            }
        })
        .collect_view();
    let presets = Preset::ALL
        .into_iter()
        .map(|p| {
            view! {
                <label class="choice">
                    <input
                        type="radio"
                        name="preset"
                        value=preset_id(p)
                        prop:checked=move || preset() == p
                        on:change=move |_| saved.update(|s| s.settings.preset = p)
                    />
                    <span>{move || preset_name(p)}</span>
                </label>
            }
        })
        .collect_view();
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        navigate(Route::Setup);
    };
    // A game left in progress (restored from storage) is one click away.
    let resume = move || {
        state
            .view
            .with(|v| v.as_ref().filter(|v| v.outcome().is_none()).map(View::ply))
            .map(|ply| {
                view! {
                    <div class="resume" role="region" aria-label=t!(i18n, common.resume_game)>
                        <p>{move || t_string!(i18n, common.resume_text, ply = ply)}</p>
                        <a class="button primary" href=Route::Play.hash()>
                            {t!(i18n, common.resume_game)}
                        </a>
                    </div>
                }
            })
    };
    view! {
        <section class="home" aria-labelledby="home-title">
            <p class="tagline">{t!(i18n, common.tagline)}</p>
            {resume}
            <form class="home-form" on:submit=on_submit>
                <h2 id="home-title">{t!(i18n, common.home_title)}</h2>
                <label class="field">
                    <span>{t!(i18n, common.name_label)}</span>
                    <input
                        type="text"
                        name="name"
                        autocomplete="nickname"
                        maxlength="24"
                        placeholder=t!(i18n, common.name_placeholder)
                        prop:value=move || saved.with(|s| s.settings.name.clone())
                        on:input=move |ev| {
                            let name = event_target_value(&ev);
                            saved.update(|s| s.settings.name = name);
                        }
                    />
                </label>
                <fieldset class="choices">
                    <legend>{t!(i18n, common.level_label)}</legend>
                    {levels}
                </fieldset>
                <fieldset class="choices">
                    <legend>{t!(i18n, common.preset_label)}</legend>
                    {presets}
                    <p class="preset-text" aria-live="polite">
                        {move || match preset() {
                            Preset::Kirakuken => t_string!(i18n, common.preset_kirakuken_text),
                            Preset::Traditional => t_string!(i18n, common.preset_traditional_text),
                        }}
                    </p>
                </fieldset>
                <button type="submit" class="primary play-cpu">
                    {t!(i18n, common.play_cpu)}
                </button>
            </form>
            <nav class="guide-links" aria-labelledby="guides-title">
                <h2 id="guides-title">{t!(i18n, common.guides_title)}</h2>
                <ul>
                    <li>
                        <a href=Route::GuideHow.hash()>{t!(i18n, common.nav_how)}</a>
                    </li>
                    <li>
                        <a href=Route::GuidePieces.hash()>{t!(i18n, common.nav_pieces)}</a>
                    </li>
                    <li>
                        <a href=Route::GuideBattles.hash()>{t!(i18n, common.nav_battles)}</a>
                    </li>
                </ul>
            </nav>
            <super::your_data::YourData />
        </section>
    }
}
