#pragma once

#include "HtmlDocument.h"

namespace ades::web {

// What an element declares about itself, before any text is weighed.
enum class ElementRole : quint8
{
    Content, // nothing says it is not part of the text
    Invisible, // never text: scripts, styles, forms' controls, media
    Hidden, // not shown: the hidden attribute, aria-hidden, an inline style that hides
    Boilerplate, // says it is page furniture: nav/aside/footer/header, a boilerplate role or class
};

// The principles by which an element is page furniture rather than text: HTML's semantic elements for
// navigation and page regions, ARIA landmark roles, the hidden attribute and inline styles that hide, and
// class/id words that name furniture (navigation, sharing, comments, related links, bylines, captions,
// ads, newsletters). Site-independent: no rule names a site.
namespace BoilerplateRules {

ElementRole classify(const HtmlNode &element);
// A heading level 1–6, or 0.
int headingLevel(HtmlTag tag);
// Elements that start a block of text of their own (the rest flow inline within a block).
bool isBlock(HtmlTag tag);

} // namespace BoilerplateRules

} // namespace ades::web
