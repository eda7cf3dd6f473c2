#include "TestHostResolver.h"

#include <QTimer>

namespace ades::test {

void TestHostResolver::answer(const QString &host, const QList<QList<QHostAddress>> &answers)
{
    m_answers.insert(host, answers);
}

void TestHostResolver::resolve(const QString &host, Done done)
{
    const int index = m_lookups.value(host);
    m_lookups[host] = index + 1;
    const QList<QList<QHostAddress>> script = m_answers.value(host);
    const QList<QHostAddress> addresses
        = script.isEmpty() ? QList<QHostAddress>() : script.value(qMin<qsizetype>(index, script.size() - 1));
    QTimer::singleShot(0, [done = std::move(done), addresses] {
        done(addresses, addresses.isEmpty() ? Failure::NotFound : Failure::None);
    });
}

} // namespace ades::test
