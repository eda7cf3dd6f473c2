#include "AreaList.h"

#include "agentllm/AgentLlmArea.h"
#include "chain/ChainArea.h"
#include "disclosure/DisclosureArea.h"
#include "eu/EuArea.h"
#include "extract/ExtractArea.h"
#include "market/MarketArea.h"
#include "purchaseguard/PurchaseGuardArea.h"
#include "receipts/ReceiptsArea.h"
#include "us/UsArea.h"
#include "web/WebArea.h"

namespace ades {

std::vector<std::unique_ptr<Area>> createAreas()
{
    std::vector<std::unique_ptr<Area>> areas;
    areas.push_back(std::make_unique<eu::EuArea>());
    areas.push_back(std::make_unique<us::UsArea>());
    areas.push_back(std::make_unique<ReceiptsArea>());
    areas.push_back(std::make_unique<chain::ChainArea>());
    areas.push_back(std::make_unique<agentllm::AgentLlmArea>());
    areas.push_back(std::make_unique<market::MarketArea>());
    areas.push_back(std::make_unique<guard::PurchaseGuardArea>());
    areas.push_back(std::make_unique<disclosure::DisclosureArea>());
    areas.push_back(std::make_unique<web::WebArea>());
    areas.push_back(std::make_unique<extract::ExtractArea>());
    return areas;
}

} // namespace ades
