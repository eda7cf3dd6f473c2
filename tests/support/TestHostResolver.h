#pragma once

#include "ops/web/fetch/HostResolver.h"

#include <QHash>
#include <QList>

namespace ades::test {

// A resolver for the web fetcher's tests: each name answers from a script of answers, one per lookup (the
// last one repeats), so a test can make a name change its answer between lookups (DNS rebinding) and count
// how often the fetcher asked. Unknown names are not found. Answers arrive asynchronously, like real ones.
class TestHostResolver : public web::HostResolver
{
public:
    void answer(const QString &host, const QList<QList<QHostAddress>> &answers);
    void resolve(const QString &host, Done done) override;
    int lookups(const QString &host) const { return m_lookups.value(host); }

private:
    QHash<QString, QList<QList<QHostAddress>>> m_answers;
    QHash<QString, int> m_lookups;
};

} // namespace ades::test
