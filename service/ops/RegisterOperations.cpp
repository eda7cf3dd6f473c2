#include "RegisterOperations.h"

#include "eu/RegisterEu.h"
#include "receipts/RegisterReceipts.h"

namespace ades {

void registerUpstreamSources(UpstreamClient &upstream)
{
    eu::registerEuSources(upstream);
}

void registerOperations(Catalog &catalog, const OpsContext &context)
{
    eu::registerEu(catalog, context);
    registerReceiptOperations(catalog, context);
}

} // namespace ades
