#include "ParsedRates.h"

#include "ops/market/fetch/SourceCache.h"

#include <QMetaObject>
#include <QMutexLocker>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::market {

void ParsedRates::usdRates(const QString &file, const FetchedBody &body, Done done)
{
    const QString sha256 = body.snapshot.value(u"sha256"_s).toString();
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_byFile.constFind(file);
        if (it != m_byFile.cend() && !sha256.isEmpty() && it->sha256 == sha256)
            return done(it->rates);
    }
    const auto parse = [self = shared_from_this(), file, sha256, xml = body.body]() -> Result<Rates> {
        Result<EcbRates> parsed = EcbRates::parse(xml, u"USD"_s);
        if (!parsed.ok())
            return parsed.error();
        Rates rates = std::make_shared<const EcbRates>(std::move(parsed.value()));
        QMutexLocker lock(&self->m_mutex);
        self->m_byFile.insert(file, { sha256, rates });
        return rates;
    };
    if (body.body.size() < PoolThresholdBytes)
        return done(parse());
    // The guard lives in the calling thread, so the queued completion runs there.
    auto *guard = new QObject;
    QThreadPool::globalInstance()->start([guard, parse, done]() {
        Result<Rates> rates = parse();
        QMetaObject::invokeMethod(
            guard,
            [guard, done, rates]() {
                guard->deleteLater();
                done(rates);
            },
            Qt::QueuedConnection);
    });
}

} // namespace ades::market
