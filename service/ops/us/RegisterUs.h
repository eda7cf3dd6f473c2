#pragma once

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::us {

struct UsServices;

// Every us.* operation with its routes, prices, schemas and handlers: the area's table of contents.
void registerUs(Catalog &catalog, const AreaContext &context, const UsServices &services);

} // namespace ades::us
