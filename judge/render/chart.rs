//! The frontier chart as SVG text: both sides' frontier sizes per depth beside a plain one-sided
//! BFS's, on a log scale, with the depth where the sides met marked. Renders only.

use crate::model::trace::Frontiers;
use crate::render::count;
use crate::render::html::escape;
use std::fmt::Write;

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 64.0;
const BOTTOM: f64 = 64.0;

/// One line of the chart: its CSS class, legend text, colour, and (depth from the start, size) points.
struct Series {
    class: &'static str,
    label: String,
    color: &'static str,
    points: Vec<(usize, usize)>,
}

/// The chart of `frontiers` against `plain` (a one-sided BFS's layer sizes), titled `title`. Depths
/// count from the start, so the goal side's layer `g` stands at `moves - g`. Every point carries
/// `data-depth` and `data-size` and a tooltip, so the numbers can be read back exactly.
pub fn chart_svg(title: &str, frontiers: &Frontiers, plain: &[usize]) -> String {
    let moves = frontiers
        .met
        .map_or(plain.len().saturating_sub(1), |m| m.moves);
    let series = [
        Series {
            class: "plain",
            label: "plain one-sided BFS".into(),
            color: "#888888",
            points: plain.iter().copied().enumerate().collect(),
        },
        Series {
            class: "forward",
            label: "bidirectional: start side".into(),
            color: "#1f6fb4",
            points: frontiers.start.iter().copied().enumerate().collect(),
        },
        Series {
            class: "backward",
            // Huarong builds its goal side only once it is the smaller frontier, which may be never.
            label: match frontiers.goal.is_empty() {
                true => "goal side: never built".into(),
                false => "bidirectional: goal side".into(),
            },
            color: "#c8501e",
            points: (frontiers.goal.iter().enumerate())
                .filter(|&(g, _)| g <= moves)
                .map(|(g, &size)| (moves.saturating_sub(g), size))
                .collect(),
        },
    ];
    let points = || series.iter().flat_map(|s| &s.points);
    let max_depth = points().map(|p| p.0).fold(moves.max(1), usize::max);
    let max_size = points().map(|p| p.1).max().unwrap_or(1);
    let scale = Scale::new(max_depth, max_size);
    let mut svg = header(title, frontiers, plain);
    axes(&mut svg, &scale);
    if let Some(met) = frontiers.met {
        meeting(&mut svg, &scale, met.start_half, met.moves);
    }
    for (i, s) in series.iter().enumerate() {
        line(&mut svg, &scale, s);
        legend(&mut svg, i, s);
    }
    svg.push_str("</svg>\n");
    svg
}

/// Maps depths and sizes to pixels; sizes on a log scale from 1 to the next power of ten.
struct Scale {
    max_depth: usize,
    decades: u32,
}

impl Scale {
    fn new(max_depth: usize, max_size: usize) -> Scale {
        let mut decades = 1;
        while 10f64.powi(decades as i32) < max_size as f64 {
            decades += 1;
        }
        Scale { max_depth, decades }
    }

    fn x(&self, depth: usize) -> f64 {
        LEFT + (WIDTH - LEFT - RIGHT) * depth as f64 / self.max_depth as f64
    }

    fn y(&self, size: usize) -> f64 {
        let fraction = (size.max(1) as f64).log10() / self.decades as f64;
        HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * fraction
    }
}

fn header(title: &str, f: &Frontiers, plain: &[usize]) -> String {
    let plain_total: usize = plain.iter().sum();
    let met = f.met.map_or(String::new(), |m| {
        let (start, goal) = (m.start_half, m.moves.saturating_sub(m.start_half));
        format!(
            ", sides met after {start} + {goal} = {}",
            count(m.moves, "move")
        )
    });
    let desc = format!(
        "Frontier size per depth on a log scale. Plain one-sided BFS: {}, {plain_total} states. \
         Bidirectional search: {}, {}, {} states visited{met}.",
        count(plain.len(), "layer"),
        count(f.start.len(), "start layer"),
        count(f.goal.len(), "goal layer"),
        f.visited,
    );
    let (title, desc, middle) = (escape(title), escape(&desc), WIDTH / 2.0);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" font-family="sans-serif" font-size="12">
<title id="chart-title">{title}</title>
<desc id="chart-desc">{desc}</desc>
<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>
<text x="{middle}" y="24" text-anchor="middle" font-size="15" font-weight="bold">{title}</text>
"#
    )
}

fn axes(svg: &mut String, scale: &Scale) {
    let (x0, x1, y0) = (LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM);
    let _ = writeln!(svg, r#"<g class="axes" stroke="black">"#);
    let _ = writeln!(svg, r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}"/>"#);
    let _ = writeln!(svg, r#"<line x1="{x0}" y1="{TOP}" x2="{x0}" y2="{y0}"/>"#);
    let _ = writeln!(svg, "</g>");
    for decade in 0..=scale.decades {
        let y = scale.y(10usize.pow(decade));
        let _ = writeln!(
            svg,
            r##"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="#dddddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            x0 - 6.0,
            y + 4.0,
            10usize.pow(decade)
        );
    }
    let step = (scale.max_depth / 10).max(1);
    for depth in (0..=scale.max_depth).step_by(step) {
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{depth}</text>"#,
            scale.x(depth),
            y0 + 18.0
        );
    }
    let (middle_x, middle_y, bottom) = ((x0 + x1) / 2.0, (TOP + y0) / 2.0, HEIGHT - 16.0);
    *svg += &format!(
        r#"<text x="{middle_x:.1}" y="{bottom}" text-anchor="middle">depth (moves from the start)</text>
<text transform="translate(18 {middle_y:.1}) rotate(-90)" text-anchor="middle">positions in the layer (log scale)</text>
"#
    );
}

fn meeting(svg: &mut String, scale: &Scale, start_half: usize, moves: usize) {
    let x = scale.x(start_half);
    // The label reads away from the line, toward the middle, so it never leaves the picture.
    let (label_x, anchor) = match x < WIDTH / 2.0 {
        true => (x + 6.0, "start"),
        false => (x - 6.0, "end"),
    };
    let (y2, label_y, goal_half) = (
        HEIGHT - BOTTOM,
        TOP + 14.0,
        moves.saturating_sub(start_half),
    );
    *svg += &format!(
        r##"<g class="meeting"><line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{y2}" stroke="#2a9d3a" stroke-width="2" stroke-dasharray="6 4"/><text x="{label_x:.1}" y="{label_y}" text-anchor="{anchor}" fill="#2a9d3a">sides meet: {start_half} + {goal_half} = {moves} moves</text></g>
"##
    );
}

fn line(svg: &mut String, scale: &Scale, s: &Series) {
    let (class, color, label) = (s.class, s.color, &s.label);
    let shown: Vec<_> = s.points.iter().filter(|p| p.1 > 0).collect(); // log scale: no zeros
    let path: Vec<String> = (shown.iter())
        .map(|&&(d, n)| format!("{:.1},{:.1}", scale.x(d), scale.y(n)))
        .collect();
    let path = path.join(" ");
    *svg += &format!(
        r#"<g class="{class}" fill="{color}">
<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>
"#
    );
    for &&(depth, size) in &shown {
        let (x, y) = (scale.x(depth), scale.y(size));
        *svg += &format!(
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="3" data-depth="{depth}" data-size="{size}"><title>{label}, depth {depth}: {size}</title></circle>
"#
        );
    }
    svg.push_str("</g>\n");
}

fn legend(svg: &mut String, index: usize, s: &Series) {
    let (x, y) = (LEFT + 10.0 + 220.0 * index as f64, 46.0);
    let (rect_y, text_x, color, label) = (y - 5.0, x + 20.0, s.color, &s.label);
    *svg += &format!(
        r#"<g class="legend"><rect x="{x}" y="{rect_y}" width="14" height="4" fill="{color}"/><text x="{text_x}" y="{y}">{label}</text></g>
"#
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::trace::Meeting;

    fn example() -> String {
        let frontiers = Frontiers {
            start: vec![1, 3, 5],
            goal: vec![1, 2, 4, 8],
            met: Some(Meeting {
                moves: 5,
                start_half: 2,
                visited: None,
            }),
            visited: 27,
        };
        chart_svg("Eight <test 002>", &frontiers, &[1, 3, 7, 15, 31, 60])
    }

    /// Every opening tag is closed in order; comments and self-closing tags need no partner.
    fn assert_balanced(svg: &str) {
        let mut open = Vec::new();
        for tag in svg
            .split('<')
            .skip(1)
            .map(|t| &t[..t.find('>').expect("tag ends")])
        {
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "closing </{name}>");
            } else if !tag.ends_with('/') {
                open.push(tag.split_whitespace().next().expect("tag name"));
            }
        }
        assert!(open.is_empty(), "left open: {open:?}");
    }

    /// The (depth, size) points of one series, read back from the SVG.
    fn points(svg: &str, class: &str) -> Vec<(usize, usize)> {
        let group = svg
            .split(&format!(r#"<g class="{class}""#))
            .nth(1)
            .expect("series");
        let group = &group[..group.find("</g>").expect("group ends")];
        let number = |attr: &str, text: &str| -> usize {
            let rest = &text[text.find(attr).expect("attribute") + attr.len()..];
            rest[..rest.find('"').expect("quote")]
                .parse()
                .expect("number")
        };
        group
            .split("<circle")
            .skip(1)
            .map(|c| (number("data-depth=\"", c), number("data-size=\"", c)))
            .collect()
    }

    #[test]
    fn the_chart_is_well_formed_and_accessible() {
        let svg = example();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_balanced(&svg);
        assert!(svg.contains(r#"<title id="chart-title">Eight &lt;test 002&gt;</title>"#));
        assert!(svg.contains("states visited") && svg.contains("<desc id=\"chart-desc\">"));
        assert!(svg.contains("depth (moves from the start)"));
    }

    #[test]
    fn the_three_series_carry_the_numbers_they_were_given() {
        let svg = example();
        assert_eq!(
            points(&svg, "plain"),
            [(0, 1), (1, 3), (2, 7), (3, 15), (4, 31), (5, 60)]
        );
        assert_eq!(points(&svg, "forward"), [(0, 1), (1, 3), (2, 5)]);
        // The goal side's depths count back from the answer's 5 moves.
        assert_eq!(points(&svg, "backward"), [(5, 1), (4, 2), (3, 4), (2, 8)]);
        assert!(svg.contains("sides meet: 2 + 3 = 5 moves"));
    }

    #[test]
    fn larger_sizes_stand_higher_on_a_log_scale() {
        let scale = Scale::new(10, 181_440);
        assert_eq!(scale.decades, 6);
        assert!(scale.y(1000) < scale.y(10));
        assert_eq!(scale.y(1), HEIGHT - BOTTOM);
        assert!((scale.y(1000) - (HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) / 2.0)).abs() < 1e-9);
    }
}
