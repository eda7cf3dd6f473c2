#pragma once

#include "area/Area.h"

namespace ades::guard {

// The x402 purchase guard (docs/purchase-guard.md): before an agent pays an x402 resource, it asks whether
// this challenge, for this resource, fits its spending authority: free local checks, and a paid form that
// also screens the payTo address through the EU area's sanctions lists (by catalog operation, never by
// include).
class PurchaseGuardArea : public Area
{
public:
    QString name() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
};

} // namespace ades::guard
