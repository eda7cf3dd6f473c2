#pragma once

#include <QString>

namespace ades::market {

// The text of an HTML fragment (a Mastodon status's content), parsed as a browser would (gumbo, the
// WHATWG parsing algorithm) rather than with patterns: entities decoded, a link's text kept (Mastodon's
// shortened links keep their hidden parts as text, so the whole URL comes back), <br> a line break,
// paragraphs separated by an empty line (Mastodon's own plain-text rendering), other blocks (lists,
// quotes, headings) on lines of their own, white space collapsed outside <pre>, scripts and styles dropped.
// Control characters other than line breaks are removed. Pure and thread-safe.
namespace HtmlText {

// Input beyond this is cut before parsing: a status is a few KB; the bound keeps one hostile body from
// costing more than a moment of parsing.
inline constexpr qsizetype MaxInputBytes = 256 * 1024;

QString toText(const QString &html);

} // namespace HtmlText

} // namespace ades::market
