#include "RouteTemplate.h"

#include <QVarLengthArray>

namespace ades {

namespace {

bool isPlaceholder(const QString &segment)
{
    return segment.size() > 2 && segment.startsWith(u'{') && segment.endsWith(u'}');
}

} // namespace

RouteTemplate::RouteTemplate(const QString &pattern)
    : m_pattern(pattern)
    , m_segments(pattern.split(u'/'))
{ }

std::optional<QList<QPair<QString, QString>>> RouteTemplate::match(const QString &path) const
{
    // Compared segment by segment in place: a channel tries every route it has against each request's path,
    // so a miss must cost no allocation. The values are copied out only once the whole path matched.
    const qsizetype count = m_segments.size();
    QVarLengthArray<QStringView, 8> parts;
    qsizetype start = 0;
    for (qsizetype i = 0; i < count; ++i) {
        const bool last = i == count - 1;
        qsizetype end = path.indexOf(u'/', start);
        if (last) {
            if (end >= 0)
                return std::nullopt; // more segments than the template
            end = path.size();
        } else if (end < 0) {
            return std::nullopt; // fewer segments than the template
        }
        const QStringView part = QStringView(path).sliced(start, end - start);
        const QString &segment = m_segments.at(i);
        if (isPlaceholder(segment)) {
            if (part.isEmpty())
                return std::nullopt;
            parts.append(part);
        } else if (segment != part) {
            return std::nullopt;
        }
        start = end + 1;
    }
    QList<QPair<QString, QString>> values;
    values.reserve(parts.size());
    qsizetype next = 0;
    for (const QString &segment : m_segments) {
        if (isPlaceholder(segment))
            values.append({ segment.mid(1, segment.size() - 2), parts.at(next++).toString() });
    }
    return values;
}

QStringList RouteTemplate::placeholders() const
{
    QStringList names;
    for (const QString &segment : m_segments) {
        if (isPlaceholder(segment))
            names.append(segment.mid(1, segment.size() - 2));
    }
    return names;
}

} // namespace ades
