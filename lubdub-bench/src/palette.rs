//! The colours of the plots' lines.

use plotters::style::RGBColor;

/// Line colours: the baseline black, then Tableau's ten (distinct and
/// readable on white).
pub const COLORS: [RGBColor; 11] = [
    RGBColor(0, 0, 0),
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];
