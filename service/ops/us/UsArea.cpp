#include "UsArea.h"

#include "RegisterUs.h"
#include "area/AreaContext.h"
#include "readiness/ImportJobs.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades::us {

UsArea::UsArea() = default;
UsArea::~UsArea() = default;

QString UsArea::name() const
{
    return u"us"_s;
}

QList<UpstreamSource> UsArea::sources() const
{
    return {};
}

void UsArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_services.jobs = std::make_shared<const ImportJobs>(context.store.jobs(), context.clock);
    registerUs(catalog, context, m_services);
}

} // namespace ades::us
