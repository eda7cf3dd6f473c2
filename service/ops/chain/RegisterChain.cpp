#include "RegisterChain.h"

#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "rpc/ChainPools.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

void registerChain(Catalog &catalog, const AreaContext &context, const ChainPools &pools)
{
    Q_UNUSED(catalog);
    Q_UNUSED(context);
    Q_UNUSED(pools);
}

} // namespace ades::chain
