#include "AreaList.h"

#include "eu/EuArea.h"
#include "receipts/ReceiptsArea.h"
#include "us/UsArea.h"

namespace ades {

std::vector<std::unique_ptr<Area>> createAreas()
{
    std::vector<std::unique_ptr<Area>> areas;
    areas.push_back(std::make_unique<eu::EuArea>());
    areas.push_back(std::make_unique<us::UsArea>());
    areas.push_back(std::make_unique<ReceiptsArea>());
    return areas;
}

} // namespace ades
