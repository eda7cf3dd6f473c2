#pragma once

#include "area/Area.h"

namespace ades {

// Receipt verification as an operation (MCP verify_compliance_receipt, `ades call receipts.verify`). The
// HTTP form, /verify, belongs to the discovery channel because it also describes the receipt standard.
class ReceiptsArea : public Area
{
public:
    QString name() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
};

} // namespace ades
