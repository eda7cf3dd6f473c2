#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <optional>

namespace ades {

// A catalog path template such as "/x402/iban/{iban}": literal segments and whole-segment placeholders.
class RouteTemplate
{
public:
    explicit RouteTemplate(const QString &pattern);

    // The placeholder values (already percent-decoded by QUrl::path()) when `path` matches.
    std::optional<QList<QPair<QString, QString>>> match(const QString &path) const;
    QString pattern() const { return m_pattern; }
    QStringList placeholders() const;

private:
    QString m_pattern;
    QStringList m_segments;
    QStringList m_names; // per segment: the placeholder's name, or a null string for a literal segment
};

} // namespace ades
