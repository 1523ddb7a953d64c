//! How a child of the GA microscope was made, in sentences, and its genes and changes
//! drawn: the panel beside the record (see the parent module).

use super::*;

/// Whether a tournament that picked a parent of `bred` (child `key.1` of generation
/// `key.0`) has not been guessed yet.
pub(super) fn unguessed(
    bred: &Bred,
    key: (u64, usize),
    made: &std::collections::BTreeMap<TournamentKey, (usize, bool)>,
) -> bool {
    (bred.parents.iter().enumerate()).any(|(k, p)| {
        p.entrants.iter().any(|&e| e != p.index) && !made.contains_key(&(key.0, key.1, k))
    })
}

/// The tournament guesses made, and the generation and child on show.
pub(super) struct Guesses<'a> {
    pub(super) made: &'a std::collections::BTreeMap<TournamentKey, (usize, bool)>,
    pub(super) key: (u64, usize),
}

/// How the child was made, in sentences; with `guesses`, a tournament not guessed yet
/// asks for its winner instead of telling it. Returns a guess made: `(parent, member)`.
pub(super) fn story(
    ui: &mut Ui,
    b: &Breeding,
    k: usize,
    child: &Child,
    guesses: Option<Guesses>,
) -> Option<(usize, usize)> {
    let name = &*b.score_name;
    let member = |i: usize| format!("member #{i} ({name} {})", score(b.members[i].score));
    let sense = if b.lower_is_better {
        "lower is better"
    } else {
        "higher is better"
    };
    ui.label(
        RichText::new(format!(
            "Child {k} of generation {}: {name} {} ({sense})",
            b.generation + 1,
            score(child.score)
        ))
        .strong(),
    );
    match &child.origin {
        Origin::Survivor { from, why } => {
            ui.label(format!(
                "A copy of {} of generation {}: {why}.",
                member(*from),
                b.generation
            ));
        }
        Origin::Fresh { why } => {
            ui.label(format!("New: {why}."));
        }
        Origin::Bred(bred) => return bred_story(ui, b, bred, child.score, &member, guesses),
    }
    None
}

fn bred_story(
    ui: &mut Ui,
    b: &Breeding,
    bred: &Bred,
    child: f64,
    member: &dyn Fn(usize) -> String,
    guesses: Option<Guesses>,
) -> Option<(usize, usize)> {
    let mut guessed = None;
    for (k, p) in bred.parents.iter().enumerate() {
        let mut entrants = p.entrants.clone();
        entrants.sort_unstable();
        entrants.dedup();
        let contest = entrants.iter().filter(|&&e| e != p.index).count() > 0;
        if let Some(g) = guesses.as_ref().filter(|_| contest) {
            let key = (g.key.0, g.key.1, k);
            match g.made.get(&key) {
                None => {
                    ui.label(
                        RichText::new(format!(
                            "Your guess: parent {} comes from a {} between {}. Which member wins?",
                            k + 1,
                            p.rule,
                            entrants
                                .iter()
                                .map(|&e| member(e))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                        .strong(),
                    );
                    ui.horizontal_wrapped(|ui| {
                        for &e in &entrants {
                            if ui.button(format!("#{e}")).clicked() {
                                guessed = Some((k, e));
                            }
                        }
                    });
                    continue;
                }
                Some(&(picked, right)) => {
                    verdict(ui, b, p, k, (picked, right), member, &entrants);
                }
            }
        }
        let picked = if p.entrants.is_empty() {
            format!("picked by {}", p.rule)
        } else {
            let others: Vec<String> = (p.entrants.iter())
                .filter(|&&e| e != p.index)
                .map(|&e| member(e))
                .collect();
            if others.is_empty() {
                format!("picked by {} (it drew only this one)", p.rule)
            } else {
                format!("won a {} against {}", p.rule, others.join(", "))
            }
        };
        ui.label(format!("Parent {}: {}, {picked}.", k + 1, member(p.index)));
    }
    if let Some(g) = &guesses
        && unguessed(bred, g.key, g.made)
    {
        return guessed;
    }
    match &bred.crossover {
        Some(c) => ui.label(format!("Crossover: {}.", c.operator)),
        None => ui.label("No crossover: the child starts as a copy of its parent."),
    };
    let scores: Vec<String> = (bred.parents.iter())
        .map(|p| score(b.members[p.index].score))
        .collect();
    ui.label(format!(
        "Its parents scored {}; the child scores {}.",
        scores.join(" and "),
        score(child)
    ));
    guessed
}

/// The verdict on a guess of parent `k` (`p`): `picked` by the student, `right` or not,
/// and why the winner won among `entrants`.
fn verdict(
    ui: &mut Ui,
    b: &Breeding,
    p: &crate::solve::microscope::Parent,
    k: usize,
    (picked, right): (usize, bool),
    member: &dyn Fn(usize) -> String,
    entrants: &[usize],
) {
    let best = entrants.iter().copied().reduce(|x, y| {
        let (sx, sy) = (b.members[x].score, b.members[y].score);
        let better = if b.lower_is_better { sy < sx } else { sy > sx };
        if better { y } else { x }
    });
    let why = if best.is_some_and(|w| b.members[w].score == b.members[p.index].score) {
        format!(
            "a tournament keeps the entrant with the best {} ({})",
            b.score_name,
            if b.lower_is_better {
                "lower is better"
            } else {
                "higher is better"
            }
        )
    } else {
        format!("the rule: {}", p.rule)
    };
    let verdict = if right && picked != p.index {
        format!("Right! (a tie: #{picked} scores as well, and the draw settled it)")
    } else if right {
        "Right!".to_string()
    } else {
        format!("Not #{picked}:")
    };
    let colour = if right {
        Color32::from_rgb(60, 170, 90)
    } else {
        ui.visuals().warn_fg_color
    };
    ui.label(
        RichText::new(format!(
            "{verdict} parent {} is {}, the winner: {why}.",
            k + 1,
            member(p.index)
        ))
        .color(colour),
    );
}

/// The repairs and mutations, a sentence for each reason.
pub(super) fn changes(ui: &mut Ui, b: &Breeding, bred: &Bred) {
    let counted = |kind| bred.changes.iter().filter(|c| c.kind == kind).count();
    let (m, r, d) = (
        counted(ChangeKind::Mutation),
        counted(ChangeKind::Repair),
        counted(ChangeKind::Decoding),
    );
    if m + r == 0 {
        ui.label("No mutation and no repair changed a gene.");
    }
    // Consecutive changes of one kind for one reason make one sentence.
    let shown: Vec<&Change> = (bred.changes.iter())
        .filter(|c| c.kind != ChangeKind::Decoding)
        .collect();
    for group in shown.chunk_by(|x, y| x.kind == y.kind && x.why == y.why) {
        ui.label(change_sentence(group, &b.gene_name));
    }
    if d > 0 {
        let at: Vec<String> = (bred.changes.iter())
            .filter(|c| c.kind == ChangeKind::Decoding)
            .map(|c| c.position.to_string())
            .collect();
        let why = (bred.changes.iter())
            .find(|c| c.kind == ChangeKind::Decoding)
            .map_or("", |c| c.why.as_str());
        ui.label(format!(
            "Read as another move when decoded ({d} gene{}: {}): {why}.",
            if d == 1 { "" } else { "s" },
            at.join(", ")
        ));
    }
}

fn change_sentence(group: &[&Change], gene_name: &str) -> String {
    let v = |x: Option<u32>| x.map_or("nothing".to_string(), |x| x.to_string());
    let first = group[0];
    let each: Vec<String> = (group.iter())
        .map(|c| {
            let same = if c.from == c.to {
                " (drawn again: no change)"
            } else {
                ""
            };
            format!("gene {}: {} → {}{same}", c.position, v(c.from), v(c.to))
        })
        .collect();
    format!(
        "{} ({gene_name}), {}: {}.",
        capitalised(first.kind.name()),
        each.join(", "),
        first.why
    )
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or(String::new(), |f| f.to_uppercase().chain(chars).collect())
}

/// The genes of the parents, of the child after the crossover and of the child, one cell a
/// gene, coloured by the parent it comes from, with the cut points, mutations and repairs
/// marked; and the legend.
pub(super) fn genes(ui: &mut Ui, b: &Breeding, child: &Child) {
    let dark = ui.visuals().dark_mode;
    let colours = source_colours(dark);
    let (bred, parents) = match &child.origin {
        Origin::Bred(bred) => (Some(bred), bred.parents.iter().map(|p| p.index).collect()),
        Origin::Survivor { from, .. } => (None, vec![*from]),
        Origin::Fresh { .. } => (None, Vec::new()),
    };
    let len = child.genes.len();
    if len == 0 {
        return;
    }
    ui.strong(format!("Genes ({} each: {})", len, b.gene_name));
    // Which source each gene of the crossed child has: the crossover's own account, or
    // (a permutation crossover) parent 1 where it kept parent 1's value, else parent 2.
    let from: Vec<u8> = match bred {
        Some(bred) => match &bred.crossover {
            Some(c) if c.from.len() == len => c.from.clone(),
            _ => {
                let p1 = parents.first().map(|&i| &b.members[i].genes);
                (0..len)
                    .map(|i| u8::from(p1.is_some_and(|p| p.get(i) != bred.crossed.get(i))))
                    .collect()
            }
        },
        None => vec![0; len],
    };
    let width = ui.available_width().max(100.0);
    let label_w = 104.0;
    let per_row = (((width - label_w) / 14.0).floor() as usize).clamp(4, 64);
    let cell = ((width - label_w - 4.0) / per_row.min(len) as f32).clamp(6.0, 28.0);
    let lines = len.div_ceil(per_row);
    let rows = gene_rows(b, child, bred, &parents, &from, &colours);
    let changes: &[Change] = bred.map_or(&[], |b| &b.changes);
    let points: &[usize] = bred
        .and_then(|b| b.crossover.as_ref())
        .map_or(&[], |c| &c.points);
    let font = FontId::monospace((cell * 0.6).clamp(7.0, 12.0));
    for line in 0..lines {
        let span = line * per_row..((line + 1) * per_row).min(len);
        if lines > 1 {
            ui.label(RichText::new(format!("genes {} to {}", span.start, span.end - 1)).weak());
        }
        for (r, (label, values, fill)) in rows.iter().enumerate() {
            let is_child = r + 1 == rows.len();
            let (rect, _) = ui.allocate_exact_size(vec2(width, cell + 2.0), Sense::hover());
            let painter = ui.painter_at(rect);
            painter.text(
                pos2(rect.min.x, rect.center().y),
                Align2::LEFT_CENTER,
                label,
                FontId::proportional(12.0),
                ui.visuals().text_color(),
            );
            for i in span.clone() {
                let x = rect.min.x + label_w + (i - span.start) as f32 * cell;
                let r = Rect::from_min_size(pos2(x, rect.min.y + 1.0), vec2(cell - 1.0, cell));
                let c = fill.get(i).copied().unwrap_or(colours[3]);
                painter.rect_filled(r, 1.0, c);
                if cell >= 12.0
                    && let Some(v) = values.get(i)
                {
                    painter.text(
                        r.center(),
                        Align2::CENTER_CENTER,
                        v,
                        font.clone(),
                        crate::app::widgets::legend::text_on(c),
                    );
                }
                if is_child {
                    change_marks(&painter, r, changes, i, dark);
                }
            }
            for &p in points.iter().filter(|&&p| p > span.start && p < span.end) {
                let x = rect.min.x + label_w + (p - span.start) as f32 * cell - 0.5;
                painter.line_segment(
                    [pos2(x, rect.min.y - 1.0), pos2(x, rect.max.y + 1.0)],
                    Stroke::new(2.0, ui.visuals().strong_text_color()),
                );
            }
        }
    }
    genes_key(
        ui,
        bred.is_some(),
        per_gene_of(bred, len),
        &from,
        points,
        changes,
    );
}

/// The rows of genes drawn: each parent's, the crossed child's, and the child's, each with
/// a label and a colour per gene saying where it came from.
fn gene_rows(
    b: &Breeding,
    child: &Child,
    bred: Option<&Bred>,
    parents: &[usize],
    from: &[u8],
    colours: &[Color32],
) -> Vec<(String, Vec<u32>, Vec<Color32>)> {
    let len = child.genes.len();
    let mut rows: Vec<(String, Vec<u32>, Vec<Color32>)> = Vec::new();
    for (k, &p) in parents.iter().enumerate() {
        let colour = if bred.is_some() {
            colours[k.min(1)]
        } else {
            colours[0]
        };
        rows.push((
            format!("parent {}: #{p}", k + 1),
            b.members[p].genes.clone(),
            vec![colour; len],
        ));
    }
    let crossed_colours: Vec<Color32> =
        from.iter().map(|&f| colours[f.min(NEW) as usize]).collect();
    if let Some(bred) = bred {
        rows.push((
            "after crossover".into(),
            bred.crossed.clone(),
            crossed_colours.clone(),
        ));
    }
    rows.push(("child".into(), child.genes.clone(), crossed_colours));
    rows
}

/// Whether `bred`'s crossover says for each of the `len` genes which parent it came from.
fn per_gene_of(bred: Option<&Bred>, len: usize) -> bool {
    bred.and_then(|b| b.crossover.as_ref())
        .is_some_and(|c| c.from.len() == len)
}

/// The marks of the changes made to gene `i` of the child, on its cell `r`.
fn change_marks(painter: &egui::Painter, r: Rect, changes: &[Change], i: usize, dark: bool) {
    for ch in changes.iter().filter(|ch| ch.position == i) {
        let colour = change_colour(ch.kind, dark);
        match ch.kind {
            ChangeKind::Decoding => {
                painter.circle_filled(r.right_bottom() - vec2(2.5, 2.5), 2.0, colour);
            }
            _ => {
                painter.rect_stroke(r, 1.0, Stroke::new(2.0, colour), StrokeKind::Inside);
            }
        }
    }
}

/// What the genes' colours and marks mean: where each came from (`from`, `per_gene`: the
/// crossover's own account), the cuts, and the changes.
fn genes_key(
    ui: &mut Ui,
    bred: bool,
    per_gene: bool,
    from: &[u8],
    points: &[usize],
    changes: &[Change],
) {
    let dark = ui.visuals().dark_mode;
    let colours = source_colours(dark);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 14.0;
        if bred {
            if per_gene {
                swatch(ui, Mark::Fill(colours[0]), "from parent 1");
                swatch(ui, Mark::Fill(colours[1]), "from parent 2");
            } else {
                swatch(ui, Mark::Fill(colours[0]), "as in parent 1");
                swatch(
                    ui,
                    Mark::Fill(colours[1]),
                    "unlike parent 1 (the crossover moved it)",
                );
            }
            if from.contains(&2) {
                swatch(ui, Mark::Fill(colours[2]), "from the elite");
            }
            if from.contains(&NEW) {
                swatch(ui, Mark::Fill(colours[3]), "made afresh");
            }
            if !points.is_empty() {
                swatch(
                    ui,
                    Mark::Line(ui.visuals().strong_text_color()),
                    "crossover cut",
                );
            }
        } else {
            swatch(ui, Mark::Fill(colours[0]), "copied");
        }
        if changes.iter().any(|c| c.kind == ChangeKind::Mutation) {
            swatch(
                ui,
                Mark::Outline(change_colour(ChangeKind::Mutation, dark)),
                "mutated",
            );
        }
        if changes.iter().any(|c| c.kind == ChangeKind::Repair) {
            swatch(
                ui,
                Mark::Outline(change_colour(ChangeKind::Repair, dark)),
                "repaired",
            );
        }
        if changes.iter().any(|c| c.kind == ChangeKind::Decoding) {
            swatch(
                ui,
                Mark::Glyph("•", change_colour(ChangeKind::Decoding, dark)),
                "read as another move when decoded",
            );
        }
    });
}
