#include "RouteTemplate.h"

#include <QVarLengthArray>

namespace ades {

RouteTemplate::RouteTemplate(const QString &pattern)
    : m_pattern(pattern)
    , m_segments(pattern.split(u'/'))
{
    for (const QString &segment : std::as_const(m_segments)) {
        const bool placeholder = segment.size() > 2 && segment.startsWith(u'{') && segment.endsWith(u'}');
        m_names.append(placeholder ? segment.mid(1, segment.size() - 2) : QString());
    }
}

std::optional<QList<QPair<QString, QString>>> RouteTemplate::match(const QString &path) const
{
    // Compared segment by segment in place: a channel tries every route it has against each request's path,
    // so a miss must cost no allocation. The values are copied out only once the whole path matched.
    const qsizetype count = m_segments.size();
    QVarLengthArray<QPair<qsizetype, QStringView>, 8> values; // segment index, value
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
        if (!m_names.at(i).isNull()) {
            if (part.isEmpty())
                return std::nullopt;
            values.append({ i, part });
        } else if (m_segments.at(i) != part) {
            return std::nullopt;
        }
        start = end + 1;
    }
    QList<QPair<QString, QString>> matched;
    matched.reserve(values.size());
    for (const auto &[segment, value] : values)
        matched.append({ m_names.at(segment), value.toString() });
    return matched;
}

QStringList RouteTemplate::placeholders() const
{
    QStringList names;
    for (const QString &name : m_names) {
        if (!name.isNull())
            names.append(name);
    }
    return names;
}

} // namespace ades
