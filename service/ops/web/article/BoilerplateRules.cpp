#include "BoilerplateRules.h"

#include <QHash>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace ades::web::BoilerplateRules {

namespace {

// Words that name furniture when they appear anywhere in a class or id ("post-share-buttons",
// "commentlist", "related-stories").
constexpr QStringView FurnitureParts[]
    = { u"comment", u"share", u"sharing", u"social", u"related", u"sidebar", u"newsletter", u"subscribe",
          u"advert", u"sponsor", u"breadcrumb", u"cookie", u"popup", u"disqus", u"outbrain", u"taboola",
          u"recommend", u"byline", u"caption", u"footer", u"masthead", u"widget", u"pagination", u"toolbar",
          u"signup", u"navbar", u"navigation", u"promo", u"trending", u"popular", u"recirc", u"author",
          u"copyright", u"disclaimer", u"screen-reader", u"skiplink", u"modal", u"overlay", u"consent",
          u"gdpr", u"login", u"signin", u"rating", u"dateline", u"timestamp", u"credit", u"tooltip" };
// Words that name furniture only as a whole class word (a word "ad" is furniture, "head" or "read" not).
constexpr QStringView FurnitureWords[] = { u"ad", u"ads", u"nav", u"menu", u"tags", u"tag", u"meta",
    u"banner", u"header", u"hidden", u"hide", u"print", u"skip", u"date", u"tools", u"sr", u"topics",
    u"categories", u"keywords", u"follow", u"more" };

constexpr QStringView FurnitureRoles[] = { u"navigation", u"banner", u"complementary", u"contentinfo",
    u"search", u"menu", u"menubar", u"dialog", u"alertdialog", u"tooltip", u"toolbar" };

bool hidesByStyle(const QString &style)
{
    if (style.isEmpty())
        return false;
    QString compact = style.toLower();
    compact.remove(u' ');
    return compact.contains(u"display:none"_s) || compact.contains(u"visibility:hidden"_s);
}

bool namesFurnitureUncached(const QString &classAndId)
{
    const QString lower = classAndId.toLower();
    for (const QStringView part : FurnitureParts) {
        if (lower.contains(part))
            return true;
    }
    qsizetype start = -1;
    for (qsizetype i = 0; i <= lower.size(); ++i) {
        const bool wordChar = i < lower.size() && lower.at(i).isLetterOrNumber();
        if (wordChar && start < 0)
            start = i;
        if (!wordChar && start >= 0) {
            const QStringView word = QStringView(lower).sliced(start, i - start);
            for (const QStringView furniture : FurnitureWords) {
                if (word == furniture)
                    return true;
            }
            start = -1;
        }
    }
    return false;
}

// Pages repeat the same class strings hundreds of times: answers are kept per thread, for a bounded number
// of strings.
bool namesFurniture(const QString &classAndId)
{
    if (classAndId.isEmpty())
        return false;
    thread_local QHash<QString, bool> known;
    const auto it = known.constFind(classAndId);
    if (it != known.cend())
        return it.value();
    if (known.size() > 20'000)
        known.clear();
    const bool furniture = namesFurnitureUncached(classAndId);
    known.insert(classAndId, furniture);
    return furniture;
}

} // namespace

int headingLevel(HtmlTag tag)
{
    switch (tag) {
    case HtmlTag::H1:
        return 1;
    case HtmlTag::H2:
        return 2;
    case HtmlTag::H3:
        return 3;
    case HtmlTag::H4:
        return 4;
    case HtmlTag::H5:
        return 5;
    case HtmlTag::H6:
        return 6;
    default:
        return 0;
    }
}

bool isBlock(HtmlTag tag)
{
    switch (tag) {
    case HtmlTag::Html:
    case HtmlTag::Body:
    case HtmlTag::P:
    case HtmlTag::Div:
    case HtmlTag::H1:
    case HtmlTag::H2:
    case HtmlTag::H3:
    case HtmlTag::H4:
    case HtmlTag::H5:
    case HtmlTag::H6:
    case HtmlTag::Ul:
    case HtmlTag::Ol:
    case HtmlTag::Li:
    case HtmlTag::Dl:
    case HtmlTag::Dt:
    case HtmlTag::Dd:
    case HtmlTag::Table:
    case HtmlTag::Thead:
    case HtmlTag::Tbody:
    case HtmlTag::Tfoot:
    case HtmlTag::Tr:
    case HtmlTag::Td:
    case HtmlTag::Th:
    case HtmlTag::Caption:
    case HtmlTag::Blockquote:
    case HtmlTag::Pre:
    case HtmlTag::Figure:
    case HtmlTag::Figcaption:
    case HtmlTag::Nav:
    case HtmlTag::Aside:
    case HtmlTag::Footer:
    case HtmlTag::Header:
    case HtmlTag::Main:
    case HtmlTag::Article:
    case HtmlTag::Section:
    case HtmlTag::Form:
    case HtmlTag::Address:
    case HtmlTag::Details:
    case HtmlTag::Summary:
    case HtmlTag::Dialog:
    case HtmlTag::Menu:
    case HtmlTag::Fieldset:
    case HtmlTag::Center:
    case HtmlTag::Hr:
        return true;
    default:
        return false;
    }
}

ElementRole classify(const HtmlNode &element)
{
    switch (element.tag) {
    case HtmlTag::Head:
    case HtmlTag::Title:
    case HtmlTag::Meta:
    case HtmlTag::Link:
    case HtmlTag::Base:
    case HtmlTag::Script:
    case HtmlTag::Style:
    case HtmlTag::Noscript:
    case HtmlTag::Template:
    case HtmlTag::Svg:
    case HtmlTag::Math:
    case HtmlTag::Iframe:
    case HtmlTag::Object:
    case HtmlTag::Embed:
    case HtmlTag::Canvas:
    case HtmlTag::Video:
    case HtmlTag::Audio:
    case HtmlTag::Button:
    case HtmlTag::Input:
    case HtmlTag::Select:
    case HtmlTag::Textarea:
    case HtmlTag::Label:
    case HtmlTag::Figcaption:
    case HtmlTag::Dialog:
        return ElementRole::Invisible;
    default:
        break;
    }
    if (!element.attribute(u"hidden").isNull() || element.attribute(u"aria-hidden") == u"true"_s
        || hidesByStyle(element.attribute(u"style")))
        return ElementRole::Hidden;
    switch (element.tag) {
    case HtmlTag::Nav:
    case HtmlTag::Aside:
    case HtmlTag::Footer:
    case HtmlTag::Header:
    case HtmlTag::Form:
    case HtmlTag::Menu:
    case HtmlTag::Address:
        return ElementRole::Boilerplate;
    case HtmlTag::Html:
    case HtmlTag::Body:
        return ElementRole::Content;
    default:
        break;
    }
    // Class words and roles describe regions of the page; on inline elements inside a paragraph (a link
    // styled "tag", a span "author") they do not make the sentence furniture.
    if (!isBlock(element.tag) && element.tag != HtmlTag::Other)
        return ElementRole::Content;
    const QString role = element.attribute(u"role").toLower();
    for (const QStringView furniture : FurnitureRoles) {
        if (role == furniture)
            return ElementRole::Boilerplate;
    }
    const QString classAndId = element.attribute(u"class") + u' ' + element.attribute(u"id");
    return namesFurniture(classAndId) ? ElementRole::Boilerplate : ElementRole::Content;
}

} // namespace ades::web::BoilerplateRules
