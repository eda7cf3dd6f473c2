#include "NetworkGate.h"

using namespace Qt::StringLiterals;

namespace ades::x402 {

void NetworkGate::set(const QString &caip2, State state, const QString &detail)
{
    const QMutexLocker lock(&m_mutex);
    m_states.insert(caip2, { state, detail });
}

NetworkGate::State NetworkGate::state(const QString &caip2) const
{
    const QMutexLocker lock(&m_mutex);
    return m_states.value(caip2, { State::Unchecked, {} }).first;
}

bool NetworkGate::mayOffer(const QString &caip2) const
{
    const State s = state(caip2);
    return s != State::Pending && s != State::Refused;
}

QStringList NetworkGate::report() const
{
    static const char *const Names[] = { "unchecked", "pending", "verified", "unreachable", "refused" };
    const QMutexLocker lock(&m_mutex);
    QStringList lines;
    for (auto it = m_states.cbegin(); it != m_states.cend(); ++it) {
        QString line = it.key() + u": "_s + QString::fromLatin1(Names[int(it.value().first)]);
        if (!it.value().second.isEmpty())
            line += u" ("_s + it.value().second + u')';
        lines.append(line);
    }
    lines.sort();
    return lines;
}

} // namespace ades::x402
