#include "RouteTemplate.h"

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
    const QStringList parts = path.split(u'/');
    if (parts.size() != m_segments.size())
        return std::nullopt;
    QList<QPair<QString, QString>> values;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &segment = m_segments.at(i);
        if (isPlaceholder(segment)) {
            if (parts.at(i).isEmpty())
                return std::nullopt;
            values.append({ segment.mid(1, segment.size() - 2), parts.at(i) });
        } else if (segment != parts.at(i)) {
            return std::nullopt;
        }
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
