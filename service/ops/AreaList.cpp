#include "AreaList.h"

#include "chain/ChainArea.h"
#include "eu/EuArea.h"
#include "receipts/ReceiptsArea.h"

namespace ades {

std::vector<std::unique_ptr<Area>> createAreas()
{
    std::vector<std::unique_ptr<Area>> areas;
    areas.push_back(std::make_unique<eu::EuArea>());
    areas.push_back(std::make_unique<ReceiptsArea>());
    areas.push_back(std::make_unique<chain::ChainArea>());
    return areas;
}

} // namespace ades
