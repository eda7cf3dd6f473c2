#include "ArticleMetadata.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

// JSON-LD is page input: at most this many values of one script are looked at.
constexpr int MaxJsonValues = 5000;
constexpr qsizetype MaxJsonBytes = 512 * 1024;

QString textOf(const HtmlDocument &document, int element)
{
    QString text;
    const HtmlNode &node = document.node(element);
    for (int i = element + 1; i < node.end; ++i) {
        const HtmlNode &child = document.node(i);
        if (child.tag == HtmlTag::Script || child.tag == HtmlTag::Style) {
            i = child.end - 1;
            continue;
        }
        if (child.isText())
            text += child.text + u' ';
    }
    return text.simplified();
}

QString personName(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().simplified();
    if (value.isObject())
        return value.toObject().value(u"name"_s).toString().simplified();
    if (value.isArray()) {
        QStringList names;
        for (const QJsonValue &item : value.toArray()) {
            const QString name = personName(item.isArray() ? QJsonValue() : item);
            if (!name.isEmpty() && !names.contains(name))
                names.append(name);
        }
        return names.join(u", "_s);
    }
    return {};
}

bool isArticleType(const QJsonValue &type)
{
    const QStringList types
        = type.isArray() ? type.toVariant().toStringList() : QStringList { type.toString() };
    for (const QString &t : types) {
        if (t.endsWith(u"Article"_s) || t == u"BlogPosting"_s || t == u"Report"_s || t == u"WebPage"_s
            || t.endsWith(u"Posting"_s))
            return true;
    }
    return false;
}

struct JsonLd
{
    QString title;
    QString author;
    QString date;
    QString language;
    bool article = false;
};

// Looks through one JSON-LD script's objects (@graph, arrays, nesting) without recursion; an article's
// own object wins over other objects that carry the same members.
void readJsonLd(const QByteArray &json, JsonLd &found)
{
    if (json.size() > MaxJsonBytes)
        return;
    const QJsonDocument document = QJsonDocument::fromJson(json);
    if (document.isNull())
        return;
    std::vector<QJsonValue> stack;
    stack.push_back(document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object()));
    int seen = 0;
    while (!stack.empty() && ++seen < MaxJsonValues) {
        const QJsonValue value = stack.back();
        stack.pop_back();
        if (value.isArray()) {
            const QJsonArray array = value.toArray();
            for (qsizetype i = array.size(); i > 0; --i)
                stack.push_back(array.at(i - 1));
            continue;
        }
        if (!value.isObject())
            continue;
        const QJsonObject object = value.toObject();
        const bool article
            = isArticleType(object.value(u"@type"_s)) && object.value(u"@type"_s).toString() != u"WebPage"_s;
        if (article && !found.article) {
            found.article = true;
            found.title.clear();
            found.author.clear();
            found.date.clear();
        }
        if (article || !found.article) {
            if (found.title.isEmpty())
                found.title = object.value(u"headline"_s).toString().simplified();
            if (found.author.isEmpty())
                found.author = personName(object.value(u"author"_s));
            if (found.date.isEmpty())
                found.date = object.value(u"datePublished"_s).toString().trimmed();
            if (found.language.isEmpty())
                found.language = object.value(u"inLanguage"_s).toString().trimmed();
        }
        for (const QString &key : { u"@graph"_s, u"mainEntity"_s, u"mainEntityOfPage"_s }) {
            const QJsonValue nested = object.value(key);
            if (nested.isObject() || nested.isArray())
                stack.push_back(nested);
        }
    }
}

// The site's name often follows or precedes the headline in <title>: "Headline | Site", "Site - Headline".
QString withoutSiteName(const QString &title)
{
    static const QStringView separators[]
        = { u" | ", u" - ", u" \u2013 ", u" \u2014 ", u" :: ", u" \u00bb ", u" \u00b7 " };
    for (const QStringView separator : separators) {
        if (!title.contains(separator))
            continue;
        const QStringList parts = title.split(separator.toString());
        QString longest;
        for (const QString &part : parts) {
            if (part.size() > longest.size())
                longest = part.trimmed();
        }
        if (longest.count(u' ') >= 2)
            return longest;
    }
    return title;
}

bool isUrl(const QString &text)
{
    return text.startsWith(u"http://"_s) || text.startsWith(u"https://"_s);
}

} // namespace

ArticleMetadata ArticleMetadata::read(const HtmlDocument &document)
{
    QHash<QString, QString> meta; // first content per lower-case name/property/itemprop
    JsonLd jsonLd;
    QString htmlLang;
    QString titleText;
    QStringList headings;
    QString relAuthor;
    QString itemAuthor;
    QString timeDate;
    const QList<HtmlNode> &nodes = document.nodes();
    for (qsizetype i = 1; i < nodes.size(); ++i) {
        const HtmlNode &node = nodes.at(i);
        switch (node.tag) {
        case HtmlTag::Html:
            if (htmlLang.isEmpty())
                htmlLang = node.attribute(u"lang").trimmed();
            break;
        case HtmlTag::Meta: {
            const QString content = node.attribute(u"content").trimmed();
            if (content.isEmpty())
                break;
            for (const QStringView attribute : { u"property", u"name", u"itemprop", u"http-equiv" }) {
                const QString key = node.attribute(attribute).trimmed().toLower();
                if (!key.isEmpty() && !meta.contains(key))
                    meta.insert(key, content);
            }
            break;
        }
        case HtmlTag::Title:
            if (titleText.isEmpty())
                titleText = textOf(document, int(i));
            break;
        case HtmlTag::H1:
            if (headings.size() < 3)
                headings.append(textOf(document, int(i)));
            break;
        case HtmlTag::Script:
            if (node.attribute(u"type").trimmed().toLower() == u"application/ld+json"_s)
                readJsonLd(textOf(document, int(i)).toUtf8(), jsonLd);
            break;
        case HtmlTag::Time:
            if (timeDate.isEmpty())
                timeDate = node.attribute(u"datetime").trimmed();
            break;
        default:
            break;
        }
        if (node.isText())
            continue;
        if (relAuthor.isEmpty() && (node.tag == HtmlTag::A || node.tag == HtmlTag::Link)
            && node.attribute(u"rel").split(u' ').contains(u"author"_s) && node.tag == HtmlTag::A)
            relAuthor = textOf(document, int(i));
        if (itemAuthor.isEmpty() && node.attribute(u"itemprop") == u"author"_s && node.tag != HtmlTag::Meta
            && node.tag != HtmlTag::Link) {
            itemAuthor = textOf(document, int(i));
        }
    }

    ArticleMetadata result;
    auto firstOf = [&meta](std::initializer_list<QStringView> keys) {
        for (const QStringView key : keys) {
            const QString value = meta.value(key.toString());
            if (!value.isEmpty())
                return value;
        }
        return QString();
    };

    result.title = firstOf({ u"og:title", u"twitter:title" }).simplified();
    if (result.title.isEmpty())
        result.title = jsonLd.title;
    if (result.title.isEmpty()) {
        for (const QString &heading : std::as_const(headings)) {
            if (!heading.isEmpty() && titleText.contains(heading, Qt::CaseInsensitive)) {
                result.title = heading;
                break;
            }
        }
    }
    if (result.title.isEmpty())
        result.title = withoutSiteName(titleText);
    if (result.title.isEmpty() && !headings.isEmpty())
        result.title = headings.first();

    result.author = jsonLd.author;
    if (result.author.isEmpty()) {
        const QString declared = firstOf(
            { u"author", u"article:author", u"dc.creator", u"parsely-author", u"sailthru.author", u"byl" });
        if (!isUrl(declared))
            result.author = declared.simplified();
    }
    if (result.author.isEmpty())
        result.author = relAuthor;
    if (result.author.isEmpty())
        result.author = itemAuthor;
    if (result.author.startsWith(u"By "_s, Qt::CaseInsensitive))
        result.author = result.author.mid(3).trimmed();

    result.date = jsonLd.date;
    if (result.date.isEmpty())
        result.date = firstOf({ u"article:published_time", u"og:article:published_time", u"datepublished",
            u"pubdate", u"publishdate", u"dc.date.issued", u"dc.date", u"date", u"sailthru.date",
            u"parsely-pub-date" });
    if (result.date.isEmpty())
        result.date = timeDate;

    result.language = htmlLang;
    if (result.language.isEmpty())
        result.language = firstOf({ u"content-language", u"language", u"dc.language" });
    if (result.language.isEmpty())
        result.language = jsonLd.language;
    if (result.language.isEmpty())
        result.language = firstOf({ u"og:locale" });
    result.language.replace(u'_', u'-');
    result.language = result.language.section(u',', 0, 0).trimmed();
    return result;
}

} // namespace ades::web
