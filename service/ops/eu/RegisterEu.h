#pragma once

namespace ades {
class Catalog;
class UpstreamClient;
struct OpsContext;
} // namespace ades

namespace ades::eu {

void registerEuSources(UpstreamClient &upstream);
void registerEu(Catalog &catalog, const OpsContext &context);

} // namespace ades::eu
