#pragma once

namespace ades {

class Catalog;
class UpstreamClient;
struct OpsContext;

// The table of contents of everything the service offers: each area registers its own operations.
void registerUpstreamSources(UpstreamClient &upstream);
void registerOperations(Catalog &catalog, const OpsContext &context);

} // namespace ades
