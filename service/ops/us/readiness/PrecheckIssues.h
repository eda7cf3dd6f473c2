#pragma once

#include <QJsonArray>
#include <QString>

namespace ades::us {

struct ImportInput;

// What the free check tells about an input before anything is bought: each issue has a code, a severity
// ("blocking": the dossier would be money spent on nothing; "warning": the dossier will not answer
// PROCEED_TO_CARRIER_QUOTE; "info"), the field and a message. Pure.
class PrecheckIssues
{
public:
    static PrecheckIssues of(const ImportInput &input);

    bool blocking() const { return m_blocking; }
    QJsonArray list() const { return m_list; }

private:
    void add(const QString &severity, const QString &code, const QString &field, const QString &message);

    QJsonArray m_list;
    bool m_blocking = false;
};

} // namespace ades::us
