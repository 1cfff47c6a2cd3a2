// The base map on request, shared by the ride and explored pages: nothing leaves the file until
// the rider clicks the control; then Leaflet loads tiles from the page's data-tiles template
// (`view --tiles`), credited to OpenStreetMap's contributors. Tiles that fail to load (no network)
// are said in a note under the button; the map keeps working without them.
var RoamBaseMap = (function () {
  "use strict";
  var osm = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
  function attach(map, template) {
    var layer = null, button = null, note = null;
    var source = template === osm ? "OpenStreetMap" : template.replace(/^[a-z]+:\/\/([^/]*).*$/i, "$1");
    var words = "Base map: " + source + " (loads tiles from the internet)";
    function toggle() {
      if (layer) {
        map.removeLayer(layer); layer = null;
        button.textContent = words; note.hidden = true;
        return;
      }
      layer = L.tileLayer(template, { maxZoom: 19, attribution: "© OpenStreetMap contributors" });
      layer.on("tileerror", function () {
        note.hidden = false;
        note.textContent = "The base map's tiles could not load (no network, or " + source + " refused): the map works without them.";
      });
      layer.addTo(map);
      layer.bringToBack();
      button.textContent = "Hide the base map";
    }
    var Control = L.Control.extend({
      options: { position: "topright" },
      onAdd: function () {
        var box = L.DomUtil.create("div", "leaflet-bar basemap");
        button = L.DomUtil.create("button", "basemap-toggle", box);
        button.type = "button";
        button.textContent = words;
        note = L.DomUtil.create("p", "basemap-note", box);
        note.hidden = true;
        L.DomEvent.disableClickPropagation(box);
        L.DomEvent.disableScrollPropagation(box);
        L.DomEvent.on(button, "click", toggle);
        return box;
      }
    });
    new Control().addTo(map);
    return { toggle: toggle, isOn: function () { return layer !== null; } };
  }
  return { attach: attach };
})();
