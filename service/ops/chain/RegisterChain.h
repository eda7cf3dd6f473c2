#pragma once

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::chain {

class ChainPools;
class CounterpartyScreen;

// Every chain.* operation: id, routes, prices (SPEC.md §4.1, docs/mcp.md), schemas and handlers. The area's
// table of contents.
void registerChain(
    Catalog &catalog, const AreaContext &context, const ChainPools &pools, const CounterpartyScreen &screen);

} // namespace ades::chain
